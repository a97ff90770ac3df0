/**
 * An offline repayment's value date (issue 47, decision 231): the day the money reached Kilat's
 * bank account. Never before the loan's payout (nothing was owed) nor after today (money not yet
 * received), and never before a posting that a later repayment cannot reach back across (a
 * write-off, a disbursal undone, a refund paid out).
 */
import { type BusinessDate, daysBetween } from './business-date.js';
import { type LedgerRow, liveRows } from './ledger-replay.js';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Kinds a value-dated repayment may not be slotted before: each closed or undid the loan as it stood. */
const WALLS: ReadonlySet<LedgerRow['kind']> = new Set(['write_off', 'disbursement_reversal', 'refund', 'refund_reversal']);

export type ValueDateRefusal =
  | { reason: 'notADate' }
  | { reason: 'afterToday'; today: BusinessDate }
  | { reason: 'beforePayout'; payoutOn: BusinessDate }
  | { reason: 'beforeClosingPosting'; postedOn: BusinessDate };

/** A calendar date written 'YYYY-MM-DD' (2026-02-30 is not one). */
const isCalendarDate = (value: string): boolean => {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
};

/** Why `receivedOn` cannot be the value date of a repayment of this loan; null: it can. */
export const valueDateRefusal = (input: {
  receivedOn: string;
  payoutOn: BusinessDate;
  today: BusinessDate;
  ledger: readonly LedgerRow[];
}): ValueDateRefusal | null => {
  const { receivedOn, payoutOn, today } = input;
  if (!isCalendarDate(receivedOn)) return { reason: 'notADate' };
  if (daysBetween(today, receivedOn) > 0) return { reason: 'afterToday', today };
  if (daysBetween(payoutOn, receivedOn) < 0) return { reason: 'beforePayout', payoutOn };
  const wall = liveRows(input.ledger)
    .filter((row) => WALLS.has(row.kind))
    .reduce<BusinessDate | null>(
      (latest, row) => (latest === null || daysBetween(latest, row.businessDate) > 0 ? row.businessDate : latest),
      null,
    );
  if (wall !== null && daysBetween(wall, receivedOn) < 0) return { reason: 'beforeClosingPosting', postedOn: wall };
  return null;
};

/** Rows that a repayment valued on `valueDate` restates: the penalties charged for the days after it. */
export const penaltiesAfter = (ledger: readonly LedgerRow[], valueDate: BusinessDate): LedgerRow[] =>
  liveRows(ledger).filter((row) => row.kind === 'penalty' && daysBetween(valueDate, row.businessDate) > 0);
