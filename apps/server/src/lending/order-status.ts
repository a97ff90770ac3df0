/**
 * The order status of DESIGN §4, derived from an order's facts, its schedule and ledger totals
 * and a business date. Status is never stored: whatever reads an order asks this function.
 */
import { LendingRules, OrderStatus } from '@kilat/contract';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';

/** Days before the due date (inclusive) in which an order shows as due (174). */
export const DUE_WINDOW_DAYS = LendingRules.dueWindowDays;

export interface PeriodFacts {
  /** the due date in force: an extension moves it */
  dueDate: BusinessDate;
  /** principal, interest and fees scheduled for the period, in minor units */
  amountMinor: number;
}

export interface OrderFacts {
  decision: 'approved' | 'rejected' | null;
  disbursed: boolean;
  periods: readonly PeriodFacts[];
  /** penalties posted to the ledger, in minor units */
  penaltiesMinor: number;
  /** repayments posted to the ledger, in minor units */
  repaidMinor: number;
  /** paid extensions (delay fee) */
  extensions: number;
  /** business date of the latest repayment, if any */
  lastRepaymentOn: BusinessDate | null;
}

export interface OrderPosition {
  outstandingMinor: number;
  periodsPaid: number;
  /** the due date of the oldest period not fully paid; null when nothing is owed or nothing is scheduled */
  currentDueDate: BusinessDate | null;
  finalDueDate: BusinessDate | null;
}

const byDueDate = (a: PeriodFacts, b: PeriodFacts) => daysBetween(b.dueDate, a.dueDate);

/** Where the money stands: repayments cover penalties first, then periods oldest first (DESIGN §4). */
export const orderPosition = (facts: OrderFacts): OrderPosition => {
  const periods = [...facts.periods].sort(byDueDate);
  const scheduled = periods.reduce((sum, period) => sum + period.amountMinor, 0);
  let available = Math.max(0, facts.repaidMinor - facts.penaltiesMinor);
  let periodsPaid = 0;
  let currentDueDate: BusinessDate | null = null;
  for (const period of periods) {
    if (available >= period.amountMinor) {
      available -= period.amountMinor;
      periodsPaid += 1;
    } else {
      currentDueDate = period.dueDate;
      break;
    }
  }
  return {
    outstandingMinor: Math.max(0, scheduled + facts.penaltiesMinor - facts.repaidMinor),
    periodsPaid,
    currentDueDate,
    finalDueDate: periods.at(-1)?.dueDate ?? null,
  };
};

/**
 * Precedence once disbursed and owing: overdue (180) over everything, then extended (5), then
 * instalments partly paid (3), then the due window (174), else disbursed (170).
 */
export const deriveOrderStatus = (facts: OrderFacts, today: BusinessDate): OrderStatus => {
  if (facts.decision === null) return OrderStatus.UnderReview;
  if (facts.decision === 'rejected') return OrderStatus.Rejected;
  if (!facts.disbursed) return OrderStatus.Disbursing;

  const position = orderPosition(facts);
  if (position.outstandingMinor <= 0) {
    const { finalDueDate } = position;
    // paid off before the due window opened: a prepayment
    const prepaid =
      finalDueDate !== null &&
      facts.lastRepaymentOn !== null &&
      daysBetween(facts.lastRepaymentOn, addDays(finalDueDate, -DUE_WINDOW_DAYS)) > 0;
    return prepaid ? OrderStatus.ClosedEarly : OrderStatus.Settled;
  }

  // penalties cover first, so something owed always leaves a period unpaid unless nothing is scheduled
  const dueDate = position.currentDueDate;
  if (dueDate === null) return OrderStatus.Disbursed;
  const daysToDue = daysBetween(today, dueDate);
  if (daysToDue < 0) return OrderStatus.Overdue;
  if (facts.extensions > 0) return OrderStatus.Extended;
  if (position.periodsPaid > 0) return OrderStatus.InstallmentPartlyPaid;
  if (daysToDue <= DUE_WINDOW_DAYS) return OrderStatus.DueSoon;
  return OrderStatus.Disbursed;
};
