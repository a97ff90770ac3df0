/**
 * The borrower list a supervisor uploads to issue a list campaign (decision 254, docs/console.md):
 * a header row naming a `phone` column, a `borrowerId` column or both (any case; other columns are
 * ignored), then one borrower a line — by borrower id when the line has one, else by phone.
 */
import { ConsoleError } from '../shared/console-error.js';

export interface ListEntry {
  /** the CSV's line number (the header is line 1) */
  line: number;
  borrowerId: number | null;
  phone: string | null;
}

/** At most this many lines in one upload. */
export const MAX_LIST_LINES = 50_000;

const cellsOf = (line: string): string[] =>
  line.split(',').map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  );

/** A phone as the borrowers table keeps it: the digits, with a leading + kept. */
export const phoneKey = (phone: string): string => phone.replace(/[\s\-().]/g, '');

export const parseBorrowerList = (csv: string): ListEntry[] => {
  const lines = csv.replace(/^\ufeff/, '').split(/\r?\n/);
  const header = cellsOf(lines[0] ?? '').map((cell) => cell.toLowerCase().replace(/[\s_]/g, ''));
  const phoneAt = header.indexOf('phone');
  const idAt = header.indexOf('borrowerid');
  if (phoneAt < 0 && idAt < 0) throw ConsoleError.invalid('csv (a header row naming a phone or a borrowerId column)');
  const entries: ListEntry[] = [];
  const wrong: number[] = [];
  lines.slice(1).forEach((text, index) => {
    if (text.trim() === '') return;
    const line = index + 2;
    const cells = cellsOf(text);
    const id = idAt >= 0 ? (cells[idAt] ?? '') : '';
    const phone = phoneAt >= 0 ? phoneKey(cells[phoneAt] ?? '') : '';
    if (id !== '') {
      if (/^\d{1,15}$/.test(id)) entries.push({ line, borrowerId: Number(id), phone: null });
      else wrong.push(line);
    } else if (/^\+?\d{8,15}$/.test(phone)) entries.push({ line, borrowerId: null, phone });
    else wrong.push(line);
  });
  if (wrong.length > 0) throw ConsoleError.invalid(`csv (no borrower id or phone on line ${wrong.slice(0, 5).join(', ')})`);
  if (entries.length === 0) throw ConsoleError.invalid('csv (no borrower under the header)');
  if (entries.length > MAX_LIST_LINES) throw ConsoleError.invalid(`csv (at most ${MAX_LIST_LINES} borrowers in one upload)`);
  return entries;
};
