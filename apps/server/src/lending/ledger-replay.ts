/**
 * The one waterfall (DESIGN §4): an order's ledger replayed in time order. Each repayment is
 * allocated penalty → fee → interest → principal, oldest period first, over what was owed at its
 * moment; each penalty accrues from its day on the principal overdue at the start of that day.
 * Posting, order status, loan details, the installment plan, extension, repay amounts and the
 * accrual job all read balances from here, so they cannot disagree.
 *
 * Order of a day's rows: penalties first (a day's penalty is charged on the start of the day),
 * then everything else as it was written (ledger id). With `accrueThrough`, the replay also
 * computes the penalty of every overdue day up to that date that has no penalty row yet — what
 * the daily accrual job posts, and what a catch-up after downtime posts, day by day in order.
 */
import type { Market } from '@kilat/contract';
import { type AllocationLine, allocateRepayment, type Component, type PeriodBalance } from './allocation.js';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { costHeadroomMinor, totalCostCapBps } from './cost-cap.js';
import { interestAccrued } from './interest.js';
import { assertMinor, sum } from './money.js';
import { latePenaltyOfDay } from './penalty.js';
import type { ProductPricing } from './product.js';

export interface ReplayTerms {
  market: Market;
  principalMinor: number;
  pricing: Pick<ProductPricing, 'penalty' | 'totalCostCapBps'>;
  isRepeatClient: boolean;
  /**
   * How interest accrues (DESIGN §4: by the day from the payout's business date): with it, a
   * repayment pays interest only to its day before the principal (`allocateRepayment`); without
   * it (a loan not paid out), each period's interest before its principal.
   */
  accrual?: { startDate: BusinessDate; termDays: number; dailyInterestBps: number } | undefined;
}

/** A period as scheduled, with the due date in force now (extensions included). */
export interface ScheduledPeriod {
  periodNo: number;
  dueDate: BusinessDate;
  principalMinor: number;
  interestMinor: number;
  feeMinor: number;
}

export type LedgerRow =
  | { id: number; kind: 'disbursement'; businessDate: BusinessDate; amountMinor: number }
  /** the payout came back (decision 137): the disbursal is undone, nothing is owed for it, what was paid is kept for a refund */
  | { id: number; kind: 'disbursement_reversal'; businessDate: BusinessDate; amountMinor: number }
  | { id: number; kind: 'penalty'; businessDate: BusinessDate; amountMinor: number }
  | { id: number; kind: 'repayment'; businessDate: BusinessDate; amountMinor: number }
  /** an extension fee paid: `days` moved the due date of `periods` (every period unpaid at the time) */
  | { id: number; kind: 'extension_fee'; businessDate: BusinessDate; amountMinor: number; days: number; periods: readonly number[] }
  /** scheduled interest not charged because the loan closed early (prepayment) */
  | { id: number; kind: 'interest_waiver'; businessDate: BusinessDate; amountMinor: number }
  /** the schedule's fee and interest not charged because the borrower exited in the cooling-off period (India) */
  | { id: number; kind: 'cost_waiver'; businessDate: BusinessDate; amountMinor: number }
  /** penalties an operator waived (issue 31 item 2, decision 157): they come off what is owed, not off the cost already charged */
  | { id: number; kind: 'penalty_waiver'; businessDate: BusinessDate; amountMinor: number }
  /** what the order owed, written off by operators (decision 163): nothing is owed after it and nothing accrues */
  | { id: number; kind: 'write_off'; businessDate: BusinessDate; amountMinor: number }
  /** an overpayment paid back to the borrower (decision 164), and such a refund the bank returned */
  | { id: number; kind: 'refund'; businessDate: BusinessDate; amountMinor: number }
  | { id: number; kind: 'refund_reversal'; businessDate: BusinessDate; amountMinor: number }
  /**
   * a posted row undone (issue 47, decisions 231 and 233): the replay reads the ledger as if neither
   * it nor the row it reverses had been posted; nothing is edited or deleted
   */
  | { id: number; kind: 'reversal'; businessDate: BusinessDate; amountMinor: number; reverses: number }
  /** what was left once the borrower paid a one-time settlement in time (issue 46): settled by agreement, nothing owed after it */
  | { id: number; kind: 'settlement_waiver'; businessDate: BusinessDate; amountMinor: number }
  /**
   * a coupon's discount (issue 50, decision 250), posted just before the repayment that used it: fees
   * and interest not charged, as the coupon's rule split them (lending/coupon.ts); never principal or penalty
   */
  | { id: number; kind: 'coupon_discount'; businessDate: BusinessDate; amountMinor: number; feeMinor: number; interestMinor: number }
  /** money received after a write-off (decision 238): it owes nothing more and is no overpayment; counted as recovered */
  | { id: number; kind: 'recovery'; businessDate: BusinessDate; amountMinor: number };

export interface PeriodState extends PeriodBalance {
  /** the period as scheduled */
  scheduled: { feeMinor: number; interestMinor: number; principalMinor: number };
  /** fee + interest + principal still owed */
  owedMinor: number;
}

export interface RepaymentAllocation {
  ledgerId: number;
  businessDate: BusinessDate;
  amountMinor: number;
  lines: AllocationLine[];
  /** paid beyond everything owed at its moment: kept for a refund */
  remainderMinor: number;
  /** everything the order owed right after this repayment (penalties accrued later not included): the receipt's 'remaining' */
  outstandingAfterMinor: number;
}

/** An extension fee paid, as the replay met it: what the order owed right after it, for its receipt. */
export interface ExtensionPayment {
  ledgerId: number;
  businessDate: BusinessDate;
  amountMinor: number;
  days: number;
  outstandingAfterMinor: number;
  /** the oldest period it moved (the one owed when it was paid): its notice holds only while that period is owed (issue 48) */
  firstPeriodNo: number;
}

export interface AccruedPenalty {
  businessDate: BusinessDate;
  /** 1 on the day after the due date in force of the oldest unpaid period */
  overdueDay: number;
  overduePrincipalMinor: number;
  amountMinor: number;
}

export interface LedgerReplay {
  /** penalties charged and not yet repaid */
  penaltyOwedMinor: number;
  /** every period, oldest first, with what it still owes and its due date in force */
  periods: PeriodState[];
  outstandingMinor: number;
  /** totals over the ledger */
  penaltiesChargedMinor: number;
  penaltyDays: number;
  repaidMinor: number;
  paidByComponent: Record<Component, number>;
  extensionFeesMinor: number;
  extensions: number;
  interestWaivedMinor: number;
  /** fee and interest waived by a cooling-off exit */
  costWaivedMinor: number;
  /** penalties waived by operators (decision 157) */
  penaltyWaivedMinor: number;
  /** what operators wrote off (decision 163): the order owes nothing after it */
  writtenOffMinor: number;
  /** what a one-time settlement left unpaid and waived (issue 46): settled by agreement, distinct from repaid and written off */
  settlementWaivedMinor: number;
  /** what coupons took off (issue 50), and of it the interest: interest a coupon took off counts as earned and settled */
  couponDiscountMinor: number;
  couponInterestMinor: number;
  /** received after a write-off (decision 238): recovered, never more than was written off */
  recoveredMinor: number;
  /** paid beyond what was owed (two payments for one debt, a payment on a loan whose money came back) */
  overpaidMinor: number;
  /** of the overpayment, what was paid back to the borrower (decision 164): `overpaidMinor - refundedMinor` is still theirs */
  refundedMinor: number;
  /** the cost charged so far, what the total cost cap is counted against: the schedule's fees and interest, less what was waived, plus extension fees and penalties */
  chargedCostMinor: number;
  /** the latest disbursal was undone (its payout reversed) and no payout has landed since: nothing is owed */
  reversed: boolean;
  lastRepaymentOn: BusinessDate | null;
  allocations: RepaymentAllocation[];
  extensionPayments: ExtensionPayment[];
  /** penalties computed for overdue days without a row, up to `accrueThrough` (included in the balances above) */
  accrued: AccruedPenalty[];
}

const RANK: Record<LedgerRow['kind'], number> = {
  penalty: 0,
  disbursement: 1,
  disbursement_reversal: 1,
  repayment: 1,
  extension_fee: 1,
  interest_waiver: 1,
  cost_waiver: 1,
  penalty_waiver: 1,
  write_off: 1,
  refund: 1,
  refund_reversal: 1,
  reversal: 1,
  settlement_waiver: 1,
  coupon_discount: 1,
  recovery: 1,
};

/** The rows in force: every row but the reversals and the rows they reverse. */
export const liveRows = <T extends LedgerRow>(ledger: readonly T[]): T[] => {
  const reversed = new Set<number>();
  for (const row of ledger) if (row.kind === 'reversal') reversed.add(row.reverses);
  return ledger.filter((row) => row.kind !== 'reversal' && !reversed.has(row.id));
};

const byTime = (a: LedgerRow, b: LedgerRow) => daysBetween(b.businessDate, a.businessDate) || RANK[a.kind] - RANK[b.kind] || a.id - b.id;

const oldestFirst = (a: { dueDate: BusinessDate; periodNo: number }, b: { dueDate: BusinessDate; periodNo: number }) =>
  daysBetween(b.dueDate, a.dueDate) || a.periodNo - b.periodNo;

const owedOf = (period: PeriodBalance) => period.feeMinor + period.interestMinor + period.principalMinor;

export interface ReplayInput {
  terms: ReplayTerms;
  periods: readonly ScheduledPeriod[];
  ledger: readonly LedgerRow[];
  /** compute the penalty of each overdue day up to this date that has no row yet */
  accrueThrough?: BusinessDate | undefined;
}

export const replayLedger = ({ terms, periods: scheduled, ledger, accrueThrough }: ReplayInput): LedgerReplay => {
  assertMinor('principalMinor', terms.principalMinor);
  const sorted = liveRows(ledger).sort(byTime);
  // a reversal undoes every disbursal before it (decision 137): those rows owe nothing, and what the
  // borrower paid on them is kept for a refund; a payout landing after it starts the loan again
  const lastReversal = sorted.findLastIndex((row) => row.kind === 'disbursement_reversal');
  const undone = sorted.slice(0, lastReversal + 1);
  const rows = sorted.slice(lastReversal + 1);
  const reversed = lastReversal >= 0 && !rows.some((row) => row.kind === 'disbursement');

  // due dates as they were before any extension: each extension row moves them again as it is replayed
  const shiftOf = new Map<number, number>();
  for (const row of rows) {
    if (row.kind !== 'extension_fee') continue;
    for (const periodNo of row.periods) shiftOf.set(periodNo, (shiftOf.get(periodNo) ?? 0) + row.days);
  }
  const balances: PeriodBalance[] = scheduled.map((period) => ({
    periodNo: period.periodNo,
    dueDate: addDays(period.dueDate, -(shiftOf.get(period.periodNo) ?? 0)),
    feeMinor: period.feeMinor,
    interestMinor: period.interestMinor,
    principalMinor: period.principalMinor,
  }));
  balances.sort(oldestFirst);
  // undone and not paid out again: nothing is scheduled, so nothing is owed and no day is overdue
  if (reversed) for (const period of balances) Object.assign(period, { feeMinor: 0, interestMinor: 0, principalMinor: 0 });

  const state = {
    penaltyOwedMinor: 0,
    penaltiesChargedMinor: 0,
    penaltyDays: 0,
    repaidMinor: 0,
    extensionFeesMinor: 0,
    extensions: 0,
    interestWaivedMinor: 0,
    costWaivedMinor: 0,
    penaltyWaivedMinor: 0,
    writtenOffMinor: 0,
    settlementWaivedMinor: 0,
    couponDiscountMinor: 0,
    couponInterestMinor: 0,
    recoveredMinor: 0,
    overpaidMinor: 0,
    refundedMinor: 0,
    lastRepaymentOn: null as BusinessDate | null,
  };
  const paidByComponent: Record<Component, number> = { penalty: 0, fee: 0, interest: 0, principal: 0 };
  const allocations: RepaymentAllocation[] = [];
  const extensionPayments: ExtensionPayment[] = [];
  const accrued: AccruedPenalty[] = [];
  const scheduledCost = sum(scheduled.map((period) => period.feeMinor + period.interestMinor));
  const capBps = totalCostCapBps(terms.market, terms.pricing.totalCostCapBps);
  const penaltyDates = new Set(rows.filter((row) => row.kind === 'penalty').map((row) => row.businessDate));
  for (const row of undone) {
    assertMinor('amountMinor', row.amountMinor);
    if (row.kind === 'refund') state.refundedMinor += row.amountMinor;
    if (row.kind === 'refund_reversal') state.refundedMinor -= row.amountMinor;
    if (row.kind !== 'repayment' && row.kind !== 'extension_fee') continue;
    // paid on a loan whose money came back: owed back to the borrower
    state.repaidMinor += row.amountMinor;
    state.overpaidMinor += row.amountMinor;
    if (row.kind === 'repayment') state.lastRepaymentOn = row.businessDate;
  }

  const outstandingNow = () => state.penaltyOwedMinor + sum(balances.map(owedOf));
  /** the cost charged so far (LedgerReplay.chargedCostMinor): the one place it is summed */
  const chargedCostNow = () =>
    scheduledCost -
    state.interestWaivedMinor -
    state.costWaivedMinor -
    state.couponDiscountMinor +
    state.extensionFeesMinor +
    state.penaltiesChargedMinor;

  const chargePenalty = (amountMinor: number) => {
    state.penaltyOwedMinor += amountMinor;
    state.penaltiesChargedMinor += amountMinor;
    state.penaltyDays += 1;
  };

  /** The penalty of `day`, on the state at its start; null when the order is not overdue that day. */
  const penaltyOf = (day: BusinessDate): AccruedPenalty | null => {
    let oldestDue: BusinessDate | null = null;
    let overduePrincipalMinor = 0;
    for (const period of balances) {
      if (owedOf(period) === 0 || daysBetween(period.dueDate, day) <= 0) continue;
      oldestDue ??= period.dueDate;
      overduePrincipalMinor += period.principalMinor;
    }
    if (oldestDue === null) return null;
    const overdueDay = daysBetween(oldestDue, day);
    const chargedMinor = chargedCostNow();
    const amountMinor = latePenaltyOfDay({
      market: terms.market,
      policy: terms.pricing.penalty,
      isRepeatClient: terms.isRepeatClient,
      overdueDay,
      overduePrincipalMinor,
      flatFeeCharged: state.penaltyDays > 0,
      headroomMinor: costHeadroomMinor(terms.principalMinor, capBps, chargedMinor),
    });
    return { businessDate: day, overdueDay, overduePrincipalMinor, amountMinor };
  };

  /** Accrues the days before `until` (exclusive) that have no penalty row, from the first day anything could be overdue. */
  let accruedUpTo: BusinessDate | null = null;
  const firstDue = balances.reduce<BusinessDate | null>(
    (earliest, period) => (earliest === null || daysBetween(period.dueDate, earliest) > 0 ? period.dueDate : earliest),
    null,
  );
  const accrueBefore = (until: BusinessDate) => {
    if (!accrueThrough || firstDue === null) return;
    const last = daysBetween(accrueThrough, until) > 0 ? accrueThrough : addDays(until, -1);
    let day = accruedUpTo === null ? addDays(firstDue, 1) : addDays(accruedUpTo, 1);
    for (; daysBetween(day, last) >= 0; day = addDays(day, 1)) {
      accruedUpTo = day;
      if (penaltyDates.has(day)) continue;
      const penalty = penaltyOf(day);
      if (penalty === null || penalty.amountMinor <= 0) continue;
      accrued.push(penalty);
      chargePenalty(penalty.amountMinor);
    }
  };

  for (const row of rows) {
    // a day's own penalty row is replayed at the start of the day; days before it accrue first
    accrueBefore(row.kind === 'penalty' ? row.businessDate : addDays(row.businessDate, 1));
    assertMinor('amountMinor', row.amountMinor);
    switch (row.kind) {
      case 'disbursement':
      case 'disbursement_reversal':
        break;
      case 'penalty':
        chargePenalty(row.amountMinor);
        break;
      case 'extension_fee': {
        state.extensionFeesMinor += row.amountMinor;
        state.extensions += 1;
        const moved = new Set(row.periods);
        for (const period of balances) if (moved.has(period.periodNo)) period.dueDate = addDays(period.dueDate, row.days);
        balances.sort(oldestFirst);
        extensionPayments.push({
          ledgerId: row.id,
          businessDate: row.businessDate,
          amountMinor: row.amountMinor,
          days: row.days,
          outstandingAfterMinor: outstandingNow(),
          firstPeriodNo: Math.min(...row.periods),
        });
        break;
      }
      case 'interest_waiver': {
        // the interest of the latest periods is the interest not yet earned
        let left = row.amountMinor;
        for (const period of [...balances].reverse()) {
          const waived = Math.min(left, period.interestMinor);
          period.interestMinor -= waived;
          left -= waived;
        }
        state.interestWaivedMinor += row.amountMinor - left;
        break;
      }
      case 'cost_waiver': {
        // an exit pays the principal and the cost of the days held: the fee goes first, then interest of the latest periods
        let left = row.amountMinor;
        for (const component of ['feeMinor', 'interestMinor'] as const) {
          for (const period of [...balances].reverse()) {
            const waived = Math.min(left, period[component]);
            period[component] -= waived;
            left -= waived;
          }
        }
        state.costWaivedMinor += row.amountMinor - left;
        break;
      }
      case 'penalty_waiver': {
        // never more than is owed; the cost cap still counts what was charged, so waived days do not accrue again
        const waived = Math.min(row.amountMinor, state.penaltyOwedMinor);
        state.penaltyOwedMinor -= waived;
        state.penaltyWaivedMinor += waived;
        break;
      }
      case 'write_off': {
        // everything still owed comes off, penalties first: no period is left owing, so no later day accrues a penalty
        const owed = outstandingNow();
        state.writtenOffMinor += Math.min(row.amountMinor, owed);
        state.penaltyOwedMinor = 0;
        for (const period of balances) Object.assign(period, { feeMinor: 0, interestMinor: 0, principalMinor: 0 });
        break;
      }
      case 'settlement_waiver': {
        // as a write-off, everything still owed comes off; it is counted apart, as settled by agreement
        const owed = outstandingNow();
        state.settlementWaivedMinor += Math.min(row.amountMinor, owed);
        state.penaltyOwedMinor = 0;
        for (const period of balances) Object.assign(period, { feeMinor: 0, interestMinor: 0, principalMinor: 0 });
        break;
      }
      case 'coupon_discount': {
        // the fee and the interest the coupon names, oldest period first (what the repayment after it would have paid)
        let fee = row.feeMinor;
        let interest = row.interestMinor;
        for (const period of balances) {
          const offFee = Math.min(fee, period.feeMinor);
          const offInterest = Math.min(interest, period.interestMinor);
          period.feeMinor -= offFee;
          period.interestMinor -= offInterest;
          fee -= offFee;
          interest -= offInterest;
          state.couponDiscountMinor += offFee + offInterest;
          state.couponInterestMinor += offInterest;
        }
        break;
      }
      case 'refund':
        state.refundedMinor += row.amountMinor;
        break;
      case 'refund_reversal':
        state.refundedMinor -= row.amountMinor;
        break;
      case 'reversal':
        break;
      case 'recovery':
        state.recoveredMinor += row.amountMinor;
        break;
      case 'repayment': {
        // interest to the repayment's day, less interest already paid: what it may pay before the principal (issue 30)
        const earned = terms.accrual
          ? Math.max(
              0,
              interestAccrued({ ...terms.accrual, principalMinor: terms.principalMinor }, row.businessDate) -
                paidByComponent.interest -
                state.couponInterestMinor,
            )
          : undefined;
        const allocation = allocateRepayment(row.amountMinor, { penaltyMinor: state.penaltyOwedMinor, periods: balances }, earned);
        state.penaltyOwedMinor = allocation.outstanding.penaltyMinor;
        const after = new Map(allocation.outstanding.periods.map((period) => [period.periodNo, period]));
        for (const period of balances) Object.assign(period, after.get(period.periodNo));
        for (const component of Object.keys(paidByComponent) as Component[])
          paidByComponent[component] += allocation.byComponent[component];
        state.repaidMinor += row.amountMinor;
        state.overpaidMinor += allocation.remainderMinor;
        state.lastRepaymentOn = row.businessDate;
        allocations.push({
          ledgerId: row.id,
          businessDate: row.businessDate,
          amountMinor: row.amountMinor,
          lines: allocation.lines,
          remainderMinor: allocation.remainderMinor,
          outstandingAfterMinor: outstandingNow(),
        });
        break;
      }
    }
  }
  if (accrueThrough) accrueBefore(addDays(accrueThrough, 1));

  const scheduledOf = new Map(scheduled.map((period) => [period.periodNo, period]));
  const periods: PeriodState[] = balances.map((period) => {
    const planned = scheduledOf.get(period.periodNo)!;
    return {
      ...period,
      scheduled: { feeMinor: planned.feeMinor, interestMinor: planned.interestMinor, principalMinor: planned.principalMinor },
      owedMinor: owedOf(period),
    };
  });
  return {
    ...state,
    reversed,
    periods,
    outstandingMinor: state.penaltyOwedMinor + sum(periods.map((period) => period.owedMinor)),
    chargedCostMinor: chargedCostNow(),
    paidByComponent,
    allocations,
    extensionPayments,
    accrued,
  };
};

/** The oldest period still owing, or null when every period is paid. */
export const currentPeriod = (replay: Pick<LedgerReplay, 'periods'>): PeriodState | null =>
  replay.periods.find((period) => period.owedMinor > 0) ?? null;

/**
 * What an order asks now on its pages (loan details' notice, the main screen): an instalment loan
 * its next instalment with any penalties (issue 30 item 3), a single payment everything owed.
 */
export const amountAskedNow = (
  periods: number,
  replay: Pick<LedgerReplay, 'periods' | 'penaltyOwedMinor' | 'outstandingMinor'>,
): number => {
  const next = currentPeriod(replay);
  return periods > 1 && next ? next.owedMinor + replay.penaltyOwedMinor : replay.outstandingMinor;
};

/** Periods fully paid (or waived). */
export const periodsPaid = (replay: Pick<LedgerReplay, 'periods'>): number =>
  replay.periods.filter((period) => period.owedMinor === 0).length;

/** Whole days the oldest unpaid period is past its due date on `asOf`: 0 when none is. */
export const overdueDaysOn = (replay: Pick<LedgerReplay, 'periods'>, asOf: BusinessDate): number => {
  const period = currentPeriod(replay);
  return period ? Math.max(0, daysBetween(period.dueDate, asOf)) : 0;
};
