/**
 * What a borrower may repay today (spec §9, DESIGN §4). Periods whose due window has opened (or
 * passed) may be paid, with penalties. Closing the loan — in the due window, or before it once half
 * the term has passed and never before day 7 (a prepayment) — costs: the principal still owed,
 * interest accrued to the day (the daily rate on the principal for each day since disbursal,
 * rounded down, never more than the schedule's interest), the service fee (earned at disbursal)
 * and penalties owed. Interest accrues by the day: no day the money was not held is charged, in
 * or out of the due window (issue 30). Interest already repaid is never refunded; interest not yet
 * earned is waived by a ledger row when the loan closes.
 */
import { LendingRules, Limits } from '@kilat/contract';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { interestAccrued } from './interest.js';
import type { LedgerReplay } from './ledger-replay.js';
import { sum } from './money.js';

export interface QuoteFacts {
  /** the business date the money was paid out: day 0 of the term */
  startDate: BusinessDate;
  termDays: number;
  principalMinor: number;
  dailyInterestBps: number;
  /** the replayed ledger (`replayLedger`) */
  replay: Pick<LedgerReplay, 'periods' | 'penaltyOwedMinor' | 'outstandingMinor' | 'paidByComponent'> &
    Partial<Pick<LedgerReplay, 'couponInterestMinor'>>;
}

export interface RepaymentQuote {
  /** everything the schedule and the penalties still ask for */
  outstandingMinor: number;
  /** penalties and every period whose due window has opened; for an instalment loan at least the next instalment */
  dueNowMinor: number;
  /** some period still owing is not yet in its due window: paying it all now would be a prepayment */
  early: boolean;
  prepayAllowed: boolean;
  /** the first business date a prepayment is allowed */
  prepayOpensOn: BusinessDate;
  /** what closing the loan today costs */
  payoffMinor: number;
  /** scheduled interest not charged when the loan closes today */
  interestWaivedMinor: number;
  /** the most a repayment may be today */
  maxRepayMinor: number;
}

/** The first day of the term (counted from disbursal) on which prepayment is allowed. */
export const prepaymentMinDay = (termDays: number): number =>
  Math.max(Limits.prepaymentMinDay, Math.ceil((termDays * LendingRules.prepaymentMinTermPercent) / 100));

export const prepaymentOpensOn = (startDate: BusinessDate, termDays: number): BusinessDate =>
  addDays(startDate, prepaymentMinDay(termDays));

export const canPrepay = (startDate: BusinessDate, termDays: number, asOf: BusinessDate): boolean =>
  daysBetween(startDate, asOf) >= prepaymentMinDay(termDays);

/** Whether a period's due window (DESIGN §4: 3 days before its due date) has opened on `asOf`. */
export const inDueWindow = (dueDate: BusinessDate, asOf: BusinessDate): boolean => daysBetween(asOf, dueDate) <= LendingRules.dueWindowDays;

export const repaymentQuote = (facts: QuoteFacts, asOf: BusinessDate): RepaymentQuote => {
  const { replay } = facts;
  const owing = replay.periods.filter((period) => period.owedMinor > 0);
  const inWindow = owing.filter((period) => inDueWindow(period.dueDate, asOf));
  const early = inWindow.length < owing.length;
  // an instalment loan's next instalment may be paid any time before its due date (issue 30 item 3)
  const dueNow = replay.periods.length > 1 ? owing.slice(0, Math.max(1, inWindow.length)) : inWindow;
  const prepayAllowed = canPrepay(facts.startDate, facts.termDays, asOf);
  const prepayOpensOn = prepaymentOpensOn(facts.startDate, facts.termDays);
  // interest accrues by the day (DESIGN §4): closing the loan today, in or out of the due window, pays interest to today and no more
  const interestOwed = sum(owing.map((period) => period.interestMinor));
  // interest a coupon took off (issue 50) was earned and is settled, as if paid
  const earned = interestAccrued(facts, asOf) - replay.paidByComponent.interest - (replay.couponInterestMinor ?? 0);
  const interestMinor = Math.min(interestOwed, Math.max(0, earned));
  const interestWaivedMinor = interestOwed - interestMinor;
  const payoffMinor = replay.outstandingMinor - interestWaivedMinor;
  // the periods in their window are owed in full, but never more than closing the loan costs today
  const dueNowMinor = Math.min(payoffMinor, replay.penaltyOwedMinor + sum(dueNow.map((period) => period.owedMinor)));
  return {
    outstandingMinor: replay.outstandingMinor,
    dueNowMinor,
    early,
    prepayAllowed,
    prepayOpensOn,
    payoffMinor,
    interestWaivedMinor,
    // with every period still owed in its window, paying them all closes the loan: that is the payoff
    maxRepayMinor: prepayAllowed || !early ? payoffMinor : dueNowMinor,
  };
};
