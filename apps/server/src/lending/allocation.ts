/**
 * Allocating a repayment (DESIGN §4): penalty → fee → interest → principal, oldest period first.
 * Penalties are owed by the order, not a period, so they are covered first; then each period,
 * oldest due date first, has its fee, interest and principal covered before the next period's —
 * interest only as far as it is earned by the day of the repayment, the rest after the principal.
 * The ledger replay (ledger-replay.ts) applies it to each repayment in time order.
 */
import { type BusinessDate, daysBetween } from './business-date.js';
import { assertMinor, sum } from './money.js';

export type Component = 'penalty' | 'fee' | 'interest' | 'principal';

/** What a period still owes, after earlier repayments. */
export interface PeriodBalance {
  periodNo: number;
  dueDate: BusinessDate;
  feeMinor: number;
  interestMinor: number;
  principalMinor: number;
}

export interface OutstandingBalances {
  /** penalties posted and not yet repaid */
  penaltyMinor: number;
  periods: readonly PeriodBalance[];
}

export interface AllocationLine {
  /** null for penalties, which belong to the order */
  periodNo: number | null;
  component: Component;
  amountMinor: number;
}

export interface Allocation {
  lines: AllocationLine[];
  byComponent: Record<Component, number>;
  /** what was left once everything owed was covered: an overpayment */
  remainderMinor: number;
  /** the balances after this repayment */
  outstanding: OutstandingBalances;
}

const periodComponents = ['fee', 'interest', 'principal'] as const;

const oldestFirst = (a: PeriodBalance, b: PeriodBalance) => daysBetween(b.dueDate, a.dueDate) || a.periodNo - b.periodNo;

export const totalOutstanding = (balances: OutstandingBalances): number =>
  balances.penaltyMinor + sum(balances.periods.map((period) => period.feeMinor + period.interestMinor + period.principalMinor));

/**
 * `earnedInterestMinor`: the interest the loan has earned by the repayment's day and not yet been
 * paid (interest to the day, DESIGN §4). Interest beyond it is not yet earned: the next instalment's
 * is covered after its principal (an instalment is its whole amount, any time before its date), any
 * later period's only after every principal — so a partial repayment, in the due window or before
 * it, pays the days held and then the principal, never interest for days to come (issue 30).
 * Without it, each period's interest comes before its principal.
 */
export const allocateRepayment = (amountMinor: number, balances: OutstandingBalances, earnedInterestMinor?: number): Allocation => {
  assertMinor('amountMinor', amountMinor);
  assertMinor('penaltyMinor', balances.penaltyMinor);
  for (const period of balances.periods) for (const component of periodComponents) assertMinor(component, period[`${component}Minor`]);

  let left = amountMinor;
  const lines: AllocationLine[] = [];
  const byComponent: Record<Component, number> = { penalty: 0, fee: 0, interest: 0, principal: 0 };
  const take = (periodNo: number | null, component: Component, owed: number, most = owed): number => {
    const paid = Math.min(left, owed, most);
    if (paid > 0) {
      left -= paid;
      byComponent[component] += paid;
      // one line per period and component, even when its interest is paid in two steps
      const line = lines.find((entry) => entry.periodNo === periodNo && entry.component === component);
      if (line) line.amountMinor += paid;
      else lines.push({ periodNo, component, amountMinor: paid });
    }
    return owed - paid;
  };

  let earnedLeft = earnedInterestMinor ?? Number.POSITIVE_INFINITY;
  const penaltyMinor = take(null, 'penalty', balances.penaltyMinor);
  const periods = [...balances.periods].sort(oldestFirst).map((period) => ({ ...period }));
  const current = periods.find((period) => period.feeMinor + period.interestMinor + period.principalMinor > 0);
  const takeInterest = (period: PeriodBalance, most?: number) => {
    const before = period.interestMinor;
    period.interestMinor = take(period.periodNo, 'interest', before, most);
    earnedLeft -= before - period.interestMinor;
  };
  for (const period of periods) {
    period.feeMinor = take(period.periodNo, 'fee', period.feeMinor);
    takeInterest(period, Math.max(0, earnedLeft));
    period.principalMinor = take(period.periodNo, 'principal', period.principalMinor);
    // the instalment being paid is its whole amount, any time before its date (issue 30 item 3)
    if (period === current) takeInterest(period);
  }
  // interest not yet earned, only once every principal is covered (closing the loan waives it first)
  for (const period of periods) takeInterest(period);
  return { lines, byComponent, remainderMinor: left, outstanding: { penaltyMinor, periods } };
};
