/**
 * Bank statements as Indian and Indonesian banks export them (decision 261): one documented column
 * mapping per bank export, read into credits. Pure. A statement's first rows may be the bank's
 * preamble (account, period): the header row is the first that has every mapped column.
 */
import type { StatementFormat } from '@kilat/contract/console';
import type { BusinessDate } from '../../lending/business-date.js';

export interface StatementCredit {
  /** the row's number in the file, 1 the first */
  lineNo: number;
  valueDate: BusinessDate;
  /** the bank's reference (UTR, transfer number), trimmed and upper-case as offline repayments keep it */
  reference: string;
  narration: string;
  amountMinor: number;
}

interface ColumnMapping {
  /** the bank and the export this mapping reads */
  source: string;
  valueDate: string;
  reference: string;
  narration: string;
  credit: string;
}

/** The columns each export names (their header text, compared trimmed and case-insensitively). */
export const STATEMENT_COLUMNS: Record<StatementFormat, ColumnMapping> = {
  // HDFC Bank net banking, "Account statement" as delimited text: Date, Narration, Chq./Ref.No., Value Dt,
  // Withdrawal Amt., Deposit Amt., Closing Balance; dates DD/MM/YY, amounts 1,234.56
  hdfc: {
    source: 'HDFC Bank account statement (CSV)',
    valueDate: 'Value Dt',
    reference: 'Chq./Ref.No.',
    narration: 'Narration',
    credit: 'Deposit Amt.',
  },
  // Bank Mandiri (Livin'/Mandiri Cash Management) mutasi rekening: Tgl., Tgl. Val., Rincian Transaksi, No. Referensi,
  // Debit, Kredit, Saldo; dates DD/MM/YYYY, amounts 1.000.000,00
  mandiri: {
    source: 'Bank Mandiri mutasi rekening (CSV)',
    valueDate: 'Tgl. Val.',
    reference: 'No. Referensi',
    narration: 'Rincian Transaksi',
    credit: 'Kredit',
  },
};

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
export const csvRows = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\ufeff/, '');
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
};

/** DD/MM/YY, DD/MM/YYYY, DD-MM-YYYY as a business date; null for anything else. */
export const statementDate = (text: string): BusinessDate | null => {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match;
  const fullYear = year!.length === 2 ? `20${year}` : year!;
  const date = `${fullYear}-${month!.padStart(2, '0')}-${day!.padStart(2, '0')}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date ? null : date;
};

/**
 * An amount as either market writes it, in minor units: the last separator followed by exactly two
 * digits is the decimal point (1,234.56 and 1.234,56), every other separator groups thousands
 * (1.000.000 is a million rupiah). Null for an empty cell or anything that is not a number.
 */
export const statementAmount = (text: string): number | null => {
  const cleaned = text.trim().replace(/\s|₹|Rp\.?|INR|IDR|CR$/gi, '');
  if (cleaned === '' || !/^[0-9.,]+$/.test(cleaned)) return null;
  const decimal = /[.,](\d{2})$/.exec(cleaned);
  const whole = (decimal ? cleaned.slice(0, -3) : cleaned).replace(/[.,]/g, '');
  if (!/^\d+$/.test(whole)) return null;
  return Number(whole) * 100 + (decimal ? Number(decimal[1]) : 0);
};

export type StatementReading = { ok: true; credits: StatementCredit[] } | { ok: false; error: string };

/** The statement's credits (debits and rows without an amount left out), or what is wrong with the file, naming the row. */
export const readStatement = (format: StatementFormat, text: string): StatementReading => {
  const mapping = STATEMENT_COLUMNS[format];
  const wanted = [mapping.valueDate, mapping.reference, mapping.narration, mapping.credit];
  const rows = csvRows(text);
  const key = (cell: string) => cell.trim().toLowerCase();
  const headerAt = rows.findIndex((row) => wanted.every((name) => row.map(key).includes(key(name))));
  if (headerAt < 0) return { ok: false, error: `This is not a ${mapping.source}: it needs the columns ${wanted.join(', ')}.` };
  const header = rows[headerAt]!.map(key);
  const column = (name: string) => header.indexOf(key(name));
  const credits: StatementCredit[] = [];
  for (let index = headerAt + 1; index < rows.length; index += 1) {
    const row = rows[index]!;
    const lineNo = index + 1;
    if (row.every((cell) => cell.trim() === '')) continue;
    const creditText = row[column(mapping.credit)] ?? '';
    if (creditText.trim() === '' || /^0+([.,]0+)?$/.test(creditText.trim())) continue;
    const amountMinor = statementAmount(creditText);
    if (amountMinor === null) return { ok: false, error: `Row ${lineNo}: "${creditText.trim()}" is not an amount.` };
    const valueDate = statementDate(row[column(mapping.valueDate)] ?? '');
    if (valueDate === null) return { ok: false, error: `Row ${lineNo}: "${(row[column(mapping.valueDate)] ?? '').trim()}" is not a date.` };
    credits.push({
      lineNo,
      valueDate,
      reference: (row[column(mapping.reference)] ?? '').trim().toUpperCase(),
      narration: (row[column(mapping.narration)] ?? '').trim(),
      amountMinor,
    });
  }
  if (credits.length === 0) return { ok: false, error: 'The statement has no credits.' };
  return { ok: true, credits };
};
