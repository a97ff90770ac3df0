/**
 * The books (issue 47, decision 260): Kilat's chart of accounts and the daily double-entry journal
 * derived from an order's ledger rows. Pure. An order's position in each account is read from the one
 * replay (`ledger-replay.ts`) of its rows up to the end of a business date, so the loans-receivable
 * balance is what the replay says is owed; a day's journal is the change of every position over the
 * day, so a value-dated row or a reversal lands on the day it says, and every day balances to zero
 * because the positions do (debit positive, credit negative).
 */
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { type LedgerReplay, type LedgerRow, liveRows, type ReplayTerms, replayLedger, type ScheduledPeriod } from './ledger-replay.js';
import { sum } from './money.js';

export const Account = {
  CashBank: '1000',
  GatewayClearing: '1050',
  LoansReceivable: '1100',
  RefundsPayable: '2100',
  InterestIncome: '4000',
  FeeIncome: '4100',
  PenaltyIncome: '4200',
  Recoveries: '4300',
  DiscountsWaivers: '5100',
  WriteOffExpense: '5200',
} as const;
export type Account = (typeof Account)[keyof typeof Account];

/** The chart of accounts, in code order: each account's name and what it holds (decision 260). */
export const chartOfAccounts: readonly {
  code: Account;
  name: string;
  type: 'asset' | 'liability' | 'income' | 'expense';
  holds: string;
}[] = [
  { code: Account.CashBank, name: 'Cash at bank', type: 'asset', holds: 'payouts out, offline repayments in, refunds out' },
  {
    code: Account.GatewayClearing,
    name: 'Gateway clearing',
    type: 'asset',
    holds: 'repayments and extension fees paid through a gateway, until it settles to the bank',
  },
  { code: Account.LoansReceivable, name: 'Loans receivable', type: 'asset', holds: "what borrowers owe: the replay's outstanding" },
  { code: Account.RefundsPayable, name: 'Refunds payable', type: 'liability', holds: 'overpayments owed back to borrowers' },
  {
    code: Account.InterestIncome,
    name: 'Interest income',
    type: 'income',
    holds: "the schedule's interest, charged when the loan is paid out",
  },
  {
    code: Account.FeeIncome,
    name: 'Fee income',
    type: 'income',
    holds: "the schedule's fees, extension fees, any fee kept back from the payout",
  },
  { code: Account.PenaltyIncome, name: 'Penalty income', type: 'income', holds: 'late penalties charged' },
  { code: Account.Recoveries, name: 'Recoveries', type: 'income', holds: 'money received on a loan after it was written off' },
  {
    code: Account.DiscountsWaivers,
    name: 'Discounts and waivers',
    type: 'expense',
    holds: 'interest not earned on prepayment, cooling-off exits, penalty waivers, settlements',
  },
  { code: Account.WriteOffExpense, name: 'Write-off expense', type: 'expense', holds: 'what was owed when a loan was written off' },
];

export type Positions = Record<Account, number>;

const zero = (): Positions => ({
  [Account.CashBank]: 0,
  [Account.GatewayClearing]: 0,
  [Account.LoansReceivable]: 0,
  [Account.RefundsPayable]: 0,
  [Account.InterestIncome]: 0,
  [Account.FeeIncome]: 0,
  [Account.PenaltyIncome]: 0,
  [Account.Recoveries]: 0,
  [Account.DiscountsWaivers]: 0,
  [Account.WriteOffExpense]: 0,
});

/** One order as the books read it: its replay terms, its schedule, its rows, and which money rows came by bank rather than gateway. */
export interface BookOrder {
  terms: ReplayTerms;
  periods: readonly ScheduledPeriod[];
  ledger: readonly LedgerRow[];
  /** ids of repayment and extension-fee rows received on Kilat's bank account (offline repayments); the others came through a gateway */
  bankRowIds: ReadonlySet<number>;
}

const replayThrough = (order: BookOrder, rows: readonly LedgerRow[]): LedgerReplay =>
  replayLedger({ terms: order.terms, periods: order.periods, ledger: rows });

/** Overpayments received after a write-off: recoveries, not money owed back. */
const recoveriesOf = (replay: LedgerReplay, rows: readonly LedgerRow[]): number => {
  const writeOff = liveRows(rows)
    .filter((row) => row.kind === 'write_off')
    .sort((a, b) => daysBetween(b.businessDate, a.businessDate) || a.id - b.id)[0];
  if (!writeOff) return 0;
  return sum(
    replay.allocations
      .filter(
        (a) =>
          daysBetween(writeOff.businessDate, a.businessDate) > 0 || (a.businessDate === writeOff.businessDate && a.ledgerId > writeOff.id),
      )
      .map((a) => a.remainderMinor),
  );
};

/** The replay's order of rows: by business date, a day's penalties first, then as written. */
const inReplayOrder = (a: LedgerRow, b: LedgerRow) =>
  daysBetween(b.businessDate, a.businessDate) || Number(b.kind === 'penalty') - Number(a.kind === 'penalty') || a.id - b.id;

/**
 * What came off the books with each write-off and settlement: everything owed just before it, which a
 * value-dated row or a reversal may have moved since the row was posted with its amount.
 */
const closedOff = (order: BookOrder, rows: readonly LedgerRow[]) => {
  const sorted = liveRows(rows).sort(inReplayOrder);
  const lastPayoutReturn = sorted.findLastIndex((row) => row.kind === 'disbursement_reversal');
  const totals = { write_off: 0, settlement_waiver: 0 };
  sorted.forEach((row, index) => {
    if (index <= lastPayoutReturn || (row.kind !== 'write_off' && row.kind !== 'settlement_waiver')) return;
    const before = new Set(sorted.slice(0, index).map((earlier) => earlier.id));
    // the reversal rows stay in, so a row they undo stays undone
    const prefix = rows.filter((other) => before.has(other.id) || other.kind === 'reversal');
    totals[row.kind] += replayThrough(order, prefix).outstandingMinor;
  });
  return totals;
};

/** The order's position in every account with the rows of business dates up to `through` (all rows without it). */
export const positionsOf = (order: BookOrder, through?: BusinessDate): Positions => {
  const rows = through === undefined ? order.ledger : order.ledger.filter((row) => daysBetween(row.businessDate, through) >= 0);
  const positions = zero();
  if (rows.length === 0) return positions;
  const replay = replayThrough(order, rows);
  const live = liveRows(rows);
  let paidOut = 0;
  for (const row of live) {
    const account = order.bankRowIds.has(row.id) ? Account.CashBank : Account.GatewayClearing;
    if (row.kind === 'disbursement') paidOut += row.amountMinor;
    if (row.kind === 'disbursement_reversal') paidOut -= row.amountMinor;
    if (row.kind === 'repayment' || row.kind === 'extension_fee' || row.kind === 'recovery') positions[account] += row.amountMinor;
    if (row.kind === 'refund') positions[Account.CashBank] -= row.amountMinor;
    if (row.kind === 'refund_reversal') positions[Account.CashBank] += row.amountMinor;
  }
  positions[Account.CashBank] -= paidOut;
  // a loan is on the books while a payout stands: before it, or once its payout came back, nothing is owed nor earned
  const onBooks = live.some((row) => row.kind === 'disbursement') && !replay.reversed;
  const scheduled = (pick: (period: ScheduledPeriod) => number) => (onBooks ? sum(order.periods.map(pick)) : 0);
  const principal = scheduled((period) => period.principalMinor);
  const recoveries = recoveriesOf(replay, rows);
  positions[Account.LoansReceivable] = onBooks ? replay.outstandingMinor : 0;
  positions[Account.InterestIncome] = -scheduled((period) => period.interestMinor);
  // a payout smaller than the principal kept a fee back (none of today's products do)
  positions[Account.FeeIncome] = -(scheduled((period) => period.feeMinor) + replay.extensionFeesMinor + principal - paidOut);
  positions[Account.PenaltyIncome] = -replay.penaltiesChargedMinor;
  const closed = closedOff(order, rows);
  positions[Account.DiscountsWaivers] =
    replay.interestWaivedMinor + replay.costWaivedMinor + replay.penaltyWaivedMinor + closed.settlement_waiver + replay.couponDiscountMinor;
  positions[Account.WriteOffExpense] = closed.write_off;
  // a repayment after the write-off (before decision 238) and a `recovery` row (since) are both recovered money
  positions[Account.Recoveries] = -(recoveries + replay.recoveredMinor);
  positions[Account.RefundsPayable] = -(replay.overpaidMinor - recoveries - replay.refundedMinor);
  // no negative zero in a sum or a CSV
  for (const { code } of chartOfAccounts) positions[code] += 0;
  return positions;
};

export interface JournalLine {
  businessDate: BusinessDate;
  account: Account;
  /** debit positive, credit negative, minor units */
  amountMinor: number;
}

/**
 * The order's journal for business dates `from`..`to`: on each date with rows, the change of each
 * account's position over the day (lines of zero left out). Summed with the position at the end of
 * the day before `from`, each account's lines give its position at `to`.
 */
export const orderJournal = (order: BookOrder, from: BusinessDate, to: BusinessDate): JournalLine[] => {
  const days = [...new Set(order.ledger.map((row) => row.businessDate))]
    .filter((day) => daysBetween(from, day) >= 0 && daysBetween(day, to) >= 0)
    .sort((a, b) => daysBetween(b, a));
  const lines: JournalLine[] = [];
  let before = positionsOf(order, addDays(from, -1));
  for (const day of days) {
    const after = positionsOf(order, day);
    for (const { code } of chartOfAccounts) {
      const change = after[code] - before[code];
      if (change !== 0) lines.push({ businessDate: day, account: code, amountMinor: change });
    }
    before = after;
  }
  return lines;
};

/** Debit and credit columns of a signed amount. */
export const debitCredit = (amountMinor: number) => ({ debitMinor: Math.max(amountMinor, 0), creditMinor: Math.max(-amountMinor, 0) });
