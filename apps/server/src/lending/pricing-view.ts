/** What a product or an order costs, as the loan pages show it: schedule, totals, APR, in the market's format. */
import { LendingRules, type Market, type MessageKey } from '@kilat/contract';
import type { BusinessDate } from './business-date.js';
import type { ProductPricing } from './product.js';
import { buildSchedule, type PlannedPeriod, scheduleTotals } from './schedule.js';

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

/** Basis points as a percentage with two decimals: 5 → '0.05'. */
export const bpsText = (bps: number): string => (bps / 100).toFixed(2);

/** The annual percentage rate: the whole cost over the principal, per year of 365 days, in basis points. */
export const aprBps = (principalMinor: number, costMinor: number, termDays: number): number =>
  principalMinor <= 0 || termDays <= 0 ? 0 : Math.round((costMinor * LendingRules.bpsPerWhole * 365) / (principalMinor * termDays));

export const costOf = (schedule: readonly PlannedPeriod[]) => {
  const totals = scheduleTotals(schedule);
  return { ...totals, costMinor: totals.interestMinor + totals.feeMinor };
};

/** The late penalty as one line of text, from the product's policy; `money` formats an amount in the market's locale. */
export const penaltyText = (pricing: ProductPricing, isRepeatClient: boolean, t: Speak, money: (minor: number) => string): string => {
  const policy = pricing.penalty;
  if (policy.kind === 'daily-capped') return t('loanDailyRate', { rate: bpsText(policy.dailyBps) });
  const flat = money(isRepeatClient ? policy.flatRepeatClientMinor : policy.flatNewClientMinor);
  const tiers = policy.tiers.map((tier) => t('loanDailyRate', { rate: bpsText(tier.bps) })).join(' / ');
  return `${flat} + ${tiers}`;
};

/** What a borrower is offered: their monthly salary in whole units, within the product's range. */
export const offerAmount = (product: { amountMinMinor: number; amountMaxMinor: number }, monthlySalaryMinor: number): number => {
  const wholeUnits = Math.floor(monthlySalaryMinor / 100) * 100;
  return Math.min(product.amountMaxMinor, Math.max(product.amountMinMinor, wholeUnits));
};
