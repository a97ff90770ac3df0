/**
 * Underwriting (DESIGN §5): a rule-based decision on submit. The market's salary floor of spec §1
 * (India Rs.12,000 a month, Indonesia Rp 5,000,000 a year) and an amount within the product's range.
 * The decision and the disbursal are dated ahead by the configured delays; the order's status is
 * derived from those times and the clock, so it moves 21 → 151 → 170, or 21 → 110, by itself.
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
  disbursalDelayMs: number;
}

/** When the decision shows, and when the money is paid out (approved loans only). */
export const underwritingTimes = (decision: Decision, submittedAt: Date, delays: UnderwritingDelays) => {
  const decidedAt = new Date(submittedAt.getTime() + delays.decisionDelayMs);
  const disbursedAt = decision === 'approved' ? new Date(decidedAt.getTime() + delays.disbursalDelayMs) : null;
  return { decidedAt, disbursedAt };
};
