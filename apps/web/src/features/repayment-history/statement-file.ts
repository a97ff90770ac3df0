import type { LoanStatement } from '@kilat/contract/schemas';

const csvCell = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** The statement as a CSV file (issue 49): a header of the page's own column names, then one line per posting. */
export const statementCsv = (statement: LoanStatement, headers: readonly [string, string, string]): string =>
  [headers, ...statement.rows.map((row) => [row.valueDate, row.kind, row.amount] as const)]
    .map((cells) => cells.map(csvCell).join(','))
    .join('\r\n');

export const statementFileName = (orderNo: string) => `kilat-statement-${orderNo}.csv`;
