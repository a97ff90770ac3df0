/**
 * Allocating a repayment (DESIGN §4): penalty → fee → interest → principal, oldest period first.
 * Penalties are owed by the order, not a period, so they are covered first; then each period,
 * oldest due date first, has its fee, interest and principal covered before the next period's.
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

export const allocateRepayment = (amountMinor: number, balances: OutstandingBalances): Allocation => {
  assertMinor('amountMinor', amountMinor);
  assertMinor('penaltyMinor', balances.penaltyMinor);
  for (const period of balances.periods) for (const component of periodComponents) assertMinor(component, period[`${component}Minor`]);

  let left = amountMinor;
  const lines: AllocationLine[] = [];
  const byComponent: Record<Component, number> = { penalty: 0, fee: 0, interest: 0, principal: 0 };
  const take = (periodNo: number | null, component: Component, owed: number): number => {
    const paid = Math.min(left, owed);
    if (paid > 0) {
      left -= paid;
      byComponent[component] += paid;
      lines.push({ periodNo, component, amountMinor: paid });
    }
    return owed - paid;
  };

  const penaltyMinor = take(null, 'penalty', balances.penaltyMinor);
  const periods = [...balances.periods].sort(oldestFirst).map((period) => {
    const after = { ...period };
    for (const component of periodComponents) after[`${component}Minor`] = take(period.periodNo, component, period[`${component}Minor`]);
    return after;
  });
  return { lines, byComponent, remainderMinor: left, outstanding: { penaltyMinor, periods } };
};
