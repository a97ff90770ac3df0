/** A pending period as the installment plan sends it (spec §3); only what selection needs. */
export interface SelectablePeriod {
  periodNo: number;
  totalAmount: number;
  canClick: number;
}

/** Only the first pending period is clickable, and only when its canClick is 1 (spec §4). */
export const isClickablePeriod = (periods: readonly SelectablePeriod[], index: number): boolean =>
  index === 0 && periods[0]?.canClick === 1;

/** Tapping the first period checks it; tapping it again clears the selection, which the later periods depend on. */
export const toggleFirst = (periods: readonly SelectablePeriod[], selected: ReadonlySet<number>): Set<number> => {
  const first = periods[0];
  if (first?.canClick !== 1) return new Set(selected);
  return selected.has(first.periodNo) ? new Set() : new Set([first.periodNo]);
};

/**
 * Select-all is offered only when every pending period can be paid today (canClick 1: the loan may be
 * closed today, and all of them together ask what closing it costs); otherwise it stays unticked and
 * disabled rather than ticking itself beside periods it cannot tick (issue 48).
 */
export const canSelectAll = (periods: readonly SelectablePeriod[]): boolean =>
  periods.length > 0 && periods.every((period) => period.canClick === 1);

/** Whether every pending period is checked. */
export const allSelected = (periods: readonly SelectablePeriod[], selected: ReadonlySet<number>): boolean =>
  periods.length > 0 && periods.every((period) => selected.has(period.periodNo));

/** Select-all toggles between all the periods and the first only (spec §4), when all can be paid today. */
export const toggleAll = (periods: readonly SelectablePeriod[], selected: ReadonlySet<number>): Set<number> => {
  const first = periods[0];
  if (first === undefined || !canSelectAll(periods)) return new Set(selected);
  return allSelected(periods, selected) ? new Set([first.periodNo]) : new Set(periods.map((period) => period.periodNo));
};

/** The amount to pay: the sum of the checked periods, in minor units (spec §4). */
export const selectedTotal = (periods: readonly SelectablePeriod[], selected: ReadonlySet<number>): number =>
  periods.reduce((sum, period) => (selected.has(period.periodNo) ? sum + period.totalAmount : sum), 0);

/** Pay does nothing when the amount is zero (spec §5). */
export const canPay = (totalMinor: number): boolean => totalMinor > 0;

/** A loan repaid in one payment: one period in all (issue 30) — the page is no instalment plan, and has nothing to tick. */
export const isSinglePayment = (pending: readonly unknown[], paid: readonly unknown[]): boolean => pending.length + paid.length === 1;

/** A single payment's amount to pay: the whole of it when it may be paid today (canClick 1), else nothing. */
export const singlePaymentTotal = (pending: readonly SelectablePeriod[]): number =>
  pending.length === 1 && pending[0]!.canClick === 1 ? pending[0]!.totalAmount : 0;
