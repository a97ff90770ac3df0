import { describe, expect, it } from 'vitest';
import { statementCsv, statementFileName } from './statement-file';

describe('the loan statement file', () => {
  it('has the page’s column names, then one line per posting, quoting a cell with a comma', () => {
    const statement = {
      orderNo: 'KLIN0001',
      rows: [
        { valueDate: '2026-11-02', kind: 'Loan paid out', amount: '₹15,000.00', amountMinor: 1_500_000 },
        { valueDate: '2026-12-01', kind: 'Repayment "early"', amount: '₹5,000.00', amountMinor: -500_000 },
      ],
    };
    expect(statementCsv(statement, ['Value date', 'Entry', 'Amount'])).toBe(
      'Value date,Entry,Amount\r\n2026-11-02,Loan paid out,"₹15,000.00"\r\n2026-12-01,"Repayment ""early""","₹5,000.00"',
    );
    expect(statementFileName('KLIN0001')).toBe('kilat-statement-KLIN0001.csv');
  });
});
