/** What a product or an order costs, as the loan pages show it: schedule, totals, APR, in the market's format. */
import { formatMoney, formatRate, type Market, type MessageKey } from '@kilat/contract';
import { keyFactAprBps } from './apr.js';
import type { BusinessDate } from './business-date.js';
import type { ProductPricing } from './product.js';
import { buildSchedule, type PlannedPeriod, periodTotal, scheduleTotals } from './schedule.js';

export type Speak = (key: MessageKey, values?: Record<string, string | number>) => string;

export interface LoanTerms {
  market: Market;
  principalMinor: number;
  termDays: number;
  periods: number;
  pricing: ProductPricing;
}

export const scheduleOf = (terms: LoanTerms, startDate: BusinessDate): PlannedPeriod[] =>
  buildSchedule({
    principalMinor: terms.principalMinor,
    termDays: terms.termDays,
    periods: terms.periods,
    startDate,
    dailyInterestBps: terms.pricing.dailyInterestBps,
    serviceFeeBps: terms.pricing.serviceFeeBps,
    totalCostCapBps: terms.pricing.totalCostCapBps,
    market: terms.market,
  });

/**
 * The annual percentage rate of the key fact statement, in basis points: the IRR of the schedule's
 * own cash flows — the principal paid out on `startDate` (no charge is deducted from it), each
 * period's total on its due date — by day, × 365 (RBI's method; decision 131).
 */
export const aprBps = (
  principalMinor: number,
  startDate: BusinessDate,
  schedule: readonly Pick<PlannedPeriod, 'dueDate' | 'principalMinor' | 'interestMinor' | 'feeMinor'>[],
): number =>
  keyFactAprBps({
    startDate,
    disbursedMinor: principalMinor,
    instalments: schedule.map((period) => ({ dueDate: period.dueDate, amountMinor: periodTotal(period) })),
  });

/** The APR of a loan's schedule as its key fact statement stated it (India's cooling-off exit charges it for the days held). */
export const scheduledAprBps = (
  principalMinor: number,
  startDate: BusinessDate,
  replay: { periods: readonly { dueDate: BusinessDate; scheduled: { feeMinor: number; interestMinor: number; principalMinor: number } }[] },
): number =>
  aprBps(
    principalMinor,
    startDate,
    replay.periods.map((period) => ({ dueDate: period.dueDate, ...period.scheduled })),
  );

export const costOf = (schedule: readonly PlannedPeriod[]) => {
  const totals = scheduleTotals(schedule);
  return { ...totals, costMinor: totals.interestMinor + totals.feeMinor };
};

/** A daily rate as the loan pages show it: '0.08% per day', '0,08% per hari'. */
export const dailyRateText = (bps: number, market: Market, t: Speak): string => t('loanDailyRate', { rate: formatRate(bps, market) });

/**
 * The late penalty as one line of text, from the product's policy: India's flat fee, then each
 * tier with its day range ('5% a day for days 1–30, 4% a day for days 31–90, 2% a day from day 91').
 */
export const penaltyText = (pricing: ProductPricing, market: Market, isRepeatClient: boolean, t: Speak): string => {
  const policy = pricing.penalty;
  if (policy.kind === 'daily-capped') return dailyRateText(policy.dailyBps, market, t);
  const flat = formatMoney(isRepeatClient ? policy.flatRepeatClientMinor : policy.flatNewClientMinor, market);
  const tiers = policy.tiers.map((tier, index) => {
    const rate = formatRate(tier.bps, market);
    const next = policy.tiers[index + 1];
    if (!next) return t('loanPenaltyLastTier', { rate, from: tier.fromDay });
    return t(index === 0 ? 'loanPenaltyFirstTier' : 'loanPenaltyTier', { rate, from: tier.fromDay, to: next.fromDay - 1 });
  });
  return t('loanPenaltyTiered', { flat, tiers: tiers.join(', ') });
};
