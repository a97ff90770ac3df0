/**
 * Late penalties (DESIGN §4, spec §9). India: on the first overdue day a flat fee (new or repeat
 * client), then a tiered daily rate. Indonesia: a daily rate of at most 0.1 %. Both run on the
 * overdue principal only: never compounded, never on penalties, interest or fees. The total cost
 * cap (Indonesia: 100 % of the principal) trims whatever would pass it.
 */
import type { Market } from '@kilat/contract';
import { dailyLateFeeCapBps } from './cost-cap.js';
import { assertMinor, bpsOf } from './money.js';
import type { PenaltyPolicy } from './product.js';

export interface OverdueDay {
  market: Market;
  policy: PenaltyPolicy;
  isRepeatClient: boolean;
  /** 1 on the day after the due date in force of the oldest unpaid period */
  overdueDay: number;
  /** principal of the periods past their due date and not repaid: the only base penalties run on */
  overduePrincipalMinor: number;
  /** the flat fee is charged once per order: true when an earlier overdue day already charged it */
  flatFeeCharged: boolean;
  /** what the total cost cap still allows (interest, fees, extension fees and earlier penalties counted) */
  headroomMinor: number;
}

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

/**
 * What one overdue day charges: on an order's first overdue day India's flat fee (new or repeat
 * client), plus the day's tier rate on the overdue principal — never on penalties, interest or
 * fees, so never compounded; a market's daily cap covers the whole day (flat fee included); the
 * total cost cap trims the rest. Rounded down: a cap is never exceeded by a paisa or a sen.
 */
export const latePenaltyOfDay = (day: OverdueDay): number => {
  assertMinor('overduePrincipalMinor', day.overduePrincipalMinor);
  if (!Number.isInteger(day.overdueDay) || day.overdueDay < 1 || day.overduePrincipalMinor === 0) return 0;
  const dailyMinor = bpsOf(day.overduePrincipalMinor, dailyPenaltyBps(day.policy, day.overdueDay, day.market));
  let flatMinor = 0;
  if (!day.flatFeeCharged && day.policy.kind === 'india-tiered') {
    flatMinor = day.isRepeatClient ? day.policy.flatRepeatClientMinor : day.policy.flatNewClientMinor;
    const cap = dailyLateFeeCapBps(day.market);
    if (cap !== null) flatMinor = Math.max(0, Math.min(flatMinor, bpsOf(day.overduePrincipalMinor, cap) - dailyMinor));
  }
  return Math.max(0, Math.min(flatMinor + dailyMinor, day.headroomMinor));
};
