/**
 * Late penalties (DESIGN §4, spec §9). India: on the first overdue day a flat fee (new or repeat
 * client), then a tiered daily rate. Indonesia: a daily rate of at most 0.1 %. Both run on the
 * overdue principal only: never compounded, never on penalties, interest or fees. The total cost
 * cap (Indonesia: 100 % of the principal) trims whatever would pass it.
 */
import type { Market } from '@kilat/contract';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { costHeadroomMinor, dailyLateFeeCapBps, totalCostCapBps } from './cost-cap.js';
import { assertMinor, bpsOf } from './money.js';
import type { PenaltyPolicy } from './product.js';

export interface OverdueFacts {
  market?: Market;
  policy: PenaltyPolicy;
  isRepeatClient: boolean;
  /** principal of the periods past their due date and not repaid: the only base penalties run on */
  overduePrincipalMinor: number;
  /** the due date in force of the oldest unpaid period; overdue day 1 is the day after it */
  dueDate: BusinessDate;
  /** the loan's principal: the base of the total cost cap */
  principalMinor: number;
  /** what the loan costs apart from these penalties (interest, fees, extension fees, earlier penalties) */
  otherCostMinor: number;
  /** the product's total cost cap; the market's applies too */
  totalCostCapBps: number | null;
  /** the flat fee is charged once per order: true when an earlier overdue spell already charged it */
  flatFeeCharged?: boolean;
}

export interface PenaltyAccrual {
  overdueDays: number;
  flatMinor: number;
  dailyMinor: number;
  /** flat plus daily, before the total cost cap */
  uncappedMinor: number;
  /** what may be charged: the uncapped amount trimmed to the total cost cap */
  totalMinor: number;
}

/** Whole days past the due date on a business date: 0 on or before it. */
export const overdueDays = (dueDate: BusinessDate, asOf: BusinessDate): number => Math.max(0, daysBetween(dueDate, asOf));

/** The policy's daily rates as runs of days: each applies from its fromDay to the day before the next run's. */
const rateRuns = (policy: PenaltyPolicy, market?: Market): { fromDay: number; bps: number }[] => {
  const runs =
    policy.kind === 'daily-capped' ? [{ fromDay: 1, bps: policy.dailyBps }] : [...policy.tiers].sort((a, b) => a.fromDay - b.fromDay);
  const cap = dailyLateFeeCapBps(market);
  return runs.map((run) => ({ fromDay: run.fromDay, bps: cap === null ? run.bps : Math.min(run.bps, cap) }));
};

/** The policy's daily rate on overdue day `day` (1-based), capped by the market. */
export const dailyPenaltyBps = (policy: PenaltyPolicy, day: number, market?: Market): number =>
  rateRuns(policy, market).findLast((run) => run.fromDay <= day)?.bps ?? 0;

const flatFeeMinor = (facts: OverdueFacts): number => {
  if (facts.flatFeeCharged || facts.policy.kind !== 'india-tiered') return 0;
  const flat = facts.isRepeatClient ? facts.policy.flatRepeatClientMinor : facts.policy.flatNewClientMinor;
  const cap = dailyLateFeeCapBps(facts.market);
  // a market's daily cap covers all of the day's late fees, the flat one included
  if (cap === null) return flat;
  const dayOne = bpsOf(facts.overduePrincipalMinor, dailyPenaltyBps(facts.policy, 1, facts.market));
  return Math.min(flat, bpsOf(facts.overduePrincipalMinor, cap) - dayOne);
};

/** The daily part of days 1..`days`: each run's rate on the overdue principal, rounded down per day as it is posted. */
const dailyThrough = (facts: OverdueFacts, days: number): number => {
  const runs = rateRuns(facts.policy, facts.market);
  let total = 0;
  for (const [index, run] of runs.entries()) {
    const lastDay = Math.min(days, (runs[index + 1]?.fromDay ?? Number.POSITIVE_INFINITY) - 1);
    const runDays = Math.max(0, lastDay - Math.max(1, run.fromDay) + 1);
    total += runDays * bpsOf(facts.overduePrincipalMinor, run.bps);
  }
  return total;
};

/** The penalty accrued from the due date up to and including a business date, for a constant overdue principal. */
export const penaltyAccrued = (facts: OverdueFacts, asOf: BusinessDate): PenaltyAccrual => {
  assertMinor('overduePrincipalMinor', facts.overduePrincipalMinor);
  assertMinor('principalMinor', facts.principalMinor);
  assertMinor('otherCostMinor', facts.otherCostMinor);
  const days = overdueDays(facts.dueDate, asOf);
  const flatMinor = days > 0 ? flatFeeMinor(facts) : 0;
  const dailyMinor = dailyThrough(facts, days);
  const uncappedMinor = flatMinor + dailyMinor;
  const capBps = totalCostCapBps(facts.market, facts.totalCostCapBps);
  const totalMinor = Math.min(uncappedMinor, costHeadroomMinor(facts.principalMinor, capBps, facts.otherCostMinor));
  return { overdueDays: days, flatMinor, dailyMinor, uncappedMinor, totalMinor };
};

/** What overdue day `day` adds: the amount a daily accrual posts, so the postings sum to penaltyAccrued. */
export const penaltyForDay = (facts: OverdueFacts, day: number): number => {
  if (!Number.isInteger(day) || day < 1) return 0;
  const upTo = (lastDay: number) => penaltyAccrued(facts, addDays(facts.dueDate, lastDay)).totalMinor;
  return upTo(day) - upTo(day - 1);
};
