/**
 * Interest accrues by the day (DESIGN §4): the daily rate on the principal for each day since the
 * payout's business date, at most the term, rounded down. The one formula the quote (prepayment.ts)
 * and the waterfall's replay (ledger-replay.ts) both read.
 */
import { LendingRules } from '@kilat/contract';
import { type BusinessDate, daysBetween } from './business-date.js';

/** Interest earned up to a business date: the daily rate on the principal per elapsed day, rounded down. */
export const interestAccrued = (
  facts: { startDate: BusinessDate; termDays: number; principalMinor: number; dailyInterestBps: number },
  asOf: BusinessDate,
) => {
  const days = Math.min(facts.termDays, Math.max(0, daysBetween(facts.startDate, asOf)));
  return Math.floor((facts.principalMinor * facts.dailyInterestBps * days) / LendingRules.bpsPerWhole);
};
