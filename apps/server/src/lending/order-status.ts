/**
 * The order status of DESIGN §4, derived from an order's facts, its replayed ledger and a
 * business date. Status is never stored: whatever reads an order asks this function.
 */
import { LendingRules, OrderStatus } from '@kilat/contract';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { currentPeriod, type LedgerReplay, periodsPaid } from './ledger-replay.js';

/** Days before the due date (inclusive) in which an order shows as due (174). */
export const DUE_WINDOW_DAYS = LendingRules.dueWindowDays;

export interface OrderPosition {
  outstandingMinor: number;
  periodsPaid: number;
  /** the due date in force of the oldest period not fully paid; null when nothing is owed on a period */
  currentDueDate: BusinessDate | null;
  finalDueDate: BusinessDate | null;
  /** paid extensions (delay fee) */
  extensions: number;
  /** business date of the latest repayment, if any */
  lastRepaymentOn: BusinessDate | null;
  /** operators wrote off what was owed (decision 163): closed as settled, never as a prepayment */
  writtenOff?: boolean;
}

export interface OrderFacts {
  decision: 'approved' | 'rejected' | null;
  /** the payout landed and was not reversed since (DESIGN §4: the loan starts the day its payout lands) */
  disbursed: boolean;
  /** the borrower cancelled the approved loan before its money arrived (decision 136): closed like a rejection, nothing owed */
  cancelled?: boolean;
  /** where the money stands: the replayed ledger (`positionOf(replayLedger(...))`) */
  position: OrderPosition;
}

/** Where the money stands, from the one waterfall. */
export const positionOf = (replay: LedgerReplay): OrderPosition => ({
  outstandingMinor: replay.outstandingMinor,
  periodsPaid: periodsPaid(replay),
  currentDueDate: currentPeriod(replay)?.dueDate ?? null,
  finalDueDate: replay.periods.at(-1)?.dueDate ?? null,
  extensions: replay.extensions,
  lastRepaymentOn: replay.lastRepaymentOn,
  writtenOff: replay.writtenOffMinor > 0,
});

/**
 * Precedence once disbursed and owing: overdue (180) over everything, then extended (5), then
 * installments partly paid (3), then the due window (174), else disbursed (170).
 */
export const deriveOrderStatus = (facts: OrderFacts, today: BusinessDate): OrderStatus => {
  // a cancelled or withdrawn application is closed like a rejection, also one still waiting for review (decision 149)
  if (facts.decision === 'rejected' || facts.cancelled) return OrderStatus.Rejected;
  if (facts.decision === null) return OrderStatus.UnderReview;
  if (!facts.disbursed) return OrderStatus.Disbursing;

  const { position } = facts;
  if (position.outstandingMinor <= 0) {
    // a written-off loan is over (200), whatever was repaid before: the loan details' notice says it was written off
    if (position.writtenOff) return OrderStatus.Settled;
    const { finalDueDate } = position;
    // paid off before the due window opened: a prepayment
    const prepaid =
      finalDueDate !== null &&
      position.lastRepaymentOn !== null &&
      daysBetween(position.lastRepaymentOn, addDays(finalDueDate, -DUE_WINDOW_DAYS)) > 0;
    return prepaid ? OrderStatus.ClosedEarly : OrderStatus.Settled;
  }

  // penalties cover first, so something owed always leaves a period unpaid unless nothing is scheduled
  const dueDate = position.currentDueDate;
  if (dueDate === null) return OrderStatus.Disbursed;
  const daysToDue = daysBetween(today, dueDate);
  if (daysToDue < 0) return OrderStatus.Overdue;
  if (position.extensions > 0) return OrderStatus.Extended;
  if (position.periodsPaid > 0) return OrderStatus.InstallmentPartlyPaid;
  if (daysToDue <= DUE_WINDOW_DAYS) return OrderStatus.DueSoon;
  return OrderStatus.Disbursed;
};
