/**
 * Prepayment (spec §9, DESIGN §4): a loan may be closed early once half its term has passed, and
 * never before day 7. Closing early costs (our rule): the principal still owed, interest accrued
 * to the day of payment (the daily rate on the principal for each day since disbursal, never more
 * than the schedule's interest), the service fee still owed (it is earned at disbursal) and any
 * penalties still owed. Interest already repaid is never refunded.
 */
import { LendingRules, Limits } from '@kilat/contract';
import type { OutstandingBalances } from './allocation.js';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { sum } from './money.js';
import type { PlannedPeriod } from './schedule.js';

export interface PrepaymentFacts {
  /** the business date the money was paid out: day 0 of the term */
  startDate: BusinessDate;
  termDays: number;
  principalMinor: number;
  dailyInterestBps: number;
  /** the schedule as planned, its interest already trimmed to the cost caps */
  schedule: readonly PlannedPeriod[];
  /** what is still owed after repayments (`allocateRepayment(...).outstanding`) */
  outstanding: OutstandingBalances;
}

export interface PrepaymentQuote {
  allowed: boolean;
  /** the first business date a prepayment is allowed */
  opensOn: BusinessDate;
  /** what closing the loan on the quoted date costs */
  payoffMinor: number;
  breakdown: { penaltyMinor: number; feeMinor: number; interestMinor: number; principalMinor: number };
  /** scheduled interest not charged because the loan closes early */
  interestWaivedMinor: number;
}

/** The first day of the term (counted from disbursal) on which prepayment is allowed. */
export const prepaymentMinDay = (termDays: number): number =>
  Math.max(Limits.prepaymentMinDay, Math.ceil((termDays * LendingRules.prepaymentMinTermPercent) / 100));

export const prepaymentOpensOn = (startDate: BusinessDate, termDays: number): BusinessDate =>
  addDays(startDate, prepaymentMinDay(termDays));

export const canPrepay = (startDate: BusinessDate, termDays: number, asOf: BusinessDate): boolean =>
  daysBetween(startDate, asOf) >= prepaymentMinDay(termDays);

/** Interest earned up to a business date: the daily rate on the principal per elapsed day, within the schedule's interest. */
export const interestAccrued = (facts: PrepaymentFacts, asOf: BusinessDate): number => {
  const days = Math.min(facts.termDays, Math.max(0, daysBetween(facts.startDate, asOf)));
  const scheduled = sum(facts.schedule.map((period) => period.interestMinor));
  return Math.min(scheduled, Math.round((facts.principalMinor * facts.dailyInterestBps * days) / LendingRules.bpsPerWhole));
};

export const prepaymentQuote = (facts: PrepaymentFacts, asOf: BusinessDate): PrepaymentQuote => {
  const { outstanding } = facts;
  const scheduledInterest = sum(facts.schedule.map((period) => period.interestMinor));
  const interestOutstanding = sum(outstanding.periods.map((period) => period.interestMinor));
  const interestPaid = Math.max(0, scheduledInterest - interestOutstanding);
  const interestMinor = Math.min(interestOutstanding, Math.max(0, interestAccrued(facts, asOf) - interestPaid));
  const breakdown = {
    penaltyMinor: outstanding.penaltyMinor,
    feeMinor: sum(outstanding.periods.map((period) => period.feeMinor)),
    interestMinor,
    principalMinor: sum(outstanding.periods.map((period) => period.principalMinor)),
  };
  return {
    allowed: canPrepay(facts.startDate, facts.termDays, asOf),
    opensOn: prepaymentOpensOn(facts.startDate, facts.termDays),
    payoffMinor: breakdown.penaltyMinor + breakdown.feeMinor + breakdown.interestMinor + breakdown.principalMinor,
    breakdown,
    interestWaivedMinor: interestOutstanding - interestMinor,
  };
};
