/**
 * Underwriting (DESIGN §5): a rule-based decision on submit. The market's salary floor of spec §1
 * (India Rs.12,000 a month, Indonesia Rp 5,000,000 a year) and an amount within the product's range.
 * The decision is dated ahead by the configured delay (issue 29 replaces this timer); the order's
 * status is derived from that time and the clock, so it moves 21 → 151, or 21 → 110, by itself.
 * Nothing about the disbursal is dated ahead: the order becomes 170 the day its payout lands
 * (modules/payouts, DESIGN §4).
 */
import { Market, MarketTerms } from '@kilat/contract';

export type Decision = 'approved' | 'rejected';

export interface Application {
  market: Market;
  monthlySalaryMinor: number;
  amountMinor: number;
  product: { amountMinMinor: number; amountMaxMinor: number };
}

export const meetsSalaryFloor = (market: Market, monthlySalaryMinor: number): boolean =>
  market === Market.India
    ? monthlySalaryMinor >= MarketTerms.IN.salaryFloorMinor
    : monthlySalaryMinor * 12 >= MarketTerms.ID.annualSalaryFloorMinor;

export const decide = (application: Application): Decision => {
  const { amountMinor, product } = application;
  const amountOk = amountMinor >= product.amountMinMinor && amountMinor <= product.amountMaxMinor;
  return amountOk && meetsSalaryFloor(application.market, application.monthlySalaryMinor) ? 'approved' : 'rejected';
};

export interface UnderwritingDelays {
  decisionDelayMs: number;
}

/** When the decision shows (an approved loan's payout is queued for then). */
export const underwritingTimes = (submittedAt: Date, delays: UnderwritingDelays) => ({
  decidedAt: new Date(submittedAt.getTime() + delays.decisionDelayMs),
});
