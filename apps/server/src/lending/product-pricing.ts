/**
 * Checks a product's configuration against its market's rules before it is saved (DESIGN §4):
 * amounts within the market's range (spec §1), a term of 91 to 365 days (spec §9), India's
 * penalty policy exactly as spec §9, Indonesia's 0.1 %-a-day caps on interest and late fees and
 * its total cost of at most the principal. Answers every violation found, by name; none means valid.
 */
import { IndiaPenalty, LendingRules, Limits, Market, MarketTerms } from '@kilat/contract';
import type { ProductConfig } from './product.js';

export type PricingViolationCode =
  | 'unknown-market'
  | 'amount-not-whole-minor-units'
  | 'amount-below-market-minimum'
  | 'amount-above-market-maximum'
  | 'amount-range-inverted'
  | 'term-out-of-range'
  | 'periods-invalid'
  | 'rate-not-whole-bps'
  | 'extension-days-invalid'
  | 'penalty-policy-not-india'
  | 'penalty-flat-fee-not-india'
  | 'penalty-tiers-not-india'
  | 'penalty-policy-not-daily-capped'
  | 'interest-above-daily-cap'
  | 'economic-benefit-above-daily-cap'
  | 'late-fee-above-daily-cap'
  | 'total-cost-cap-missing'
  | 'total-cost-cap-above-market'
  | 'total-cost-above-cap';

export interface PricingViolation {
  code: PricingViolationCode;
  /** the configuration field at fault, as a dotted path */
  field: string;
  /** the value found, and the limit it breaks when there is one */
  actual: unknown;
  limit?: unknown;
  /** the term (days) it was found at, when a product offers several (decision 234) */
  termDays?: number;
}

const isWholeMinor = (value: number) => Number.isSafeInteger(value) && value > 0;
const isWholeBps = (value: number) => Number.isSafeInteger(value) && value >= 0;

const sameTiers = (tiers: readonly { fromDay: number; bps: number }[]) =>
  tiers.length === IndiaPenalty.dailyRateBps.length &&
  [...tiers]
    .sort((a, b) => a.fromDay - b.fromDay)
    .every(
      (tier, index) => tier.fromDay === IndiaPenalty.dailyRateBps[index]!.fromDay && tier.bps === IndiaPenalty.dailyRateBps[index]!.bps,
    );

/** The economic benefit over a term, in basis points of the principal: interest of every day and the service fee (the product's other cost). */
export const economicBenefitBps = (
  pricing: Pick<ProductConfig['pricing'], 'dailyInterestBps' | 'serviceFeeBps'>,
  termDays: number,
): number => pricing.dailyInterestBps * termDays + pricing.serviceFeeBps;

/** The economic benefit per day of the principal, in basis points to two decimals (rounded up, so a breach never reads as the cap). */
export const economicBenefitPerDayBps = (
  pricing: Pick<ProductConfig['pricing'], 'dailyInterestBps' | 'serviceFeeBps'>,
  termDays: number,
): number => Math.ceil((economicBenefitBps(pricing, termDays) * 100) / termDays) / 100;

export const checkProductPricing = (product: ProductConfig): PricingViolation[] => {
  const violations: PricingViolation[] = [];
  const flag = (code: PricingViolationCode, field: string, actual: unknown, limit?: unknown) =>
    violations.push(limit === undefined ? { code, field, actual } : { code, field, actual, limit });
  const { pricing } = product;

  if (product.market !== Market.India && product.market !== Market.Indonesia) {
    flag('unknown-market', 'market', product.market);
    return violations;
  }
  const terms = MarketTerms[product.market];

  for (const field of ['amountMinMinor', 'amountMaxMinor'] as const) {
    if (!isWholeMinor(product[field])) flag('amount-not-whole-minor-units', field, product[field]);
  }
  if (product.amountMinMinor < terms.amountMinMinor)
    flag('amount-below-market-minimum', 'amountMinMinor', product.amountMinMinor, terms.amountMinMinor);
  if (product.amountMaxMinor > terms.amountMaxMinor)
    flag('amount-above-market-maximum', 'amountMaxMinor', product.amountMaxMinor, terms.amountMaxMinor);
  if (product.amountMinMinor > product.amountMaxMinor)
    flag('amount-range-inverted', 'amountMinMinor', product.amountMinMinor, product.amountMaxMinor);

  const termOk =
    Number.isInteger(product.termDays) && product.termDays >= Limits.loanTermMinDays && product.termDays <= Limits.loanTermMaxDays;
  if (!termOk) flag('term-out-of-range', 'termDays', product.termDays, [Limits.loanTermMinDays, Limits.loanTermMaxDays]);
  // every installment needs at least one day of the term
  if (!Number.isInteger(product.periods) || product.periods < 1 || product.periods > product.termDays) {
    flag('periods-invalid', 'periods', product.periods, [1, product.termDays]);
  }

  const rates: [string, number][] = [
    ['pricing.dailyInterestBps', pricing.dailyInterestBps],
    ['pricing.serviceFeeBps', pricing.serviceFeeBps],
  ];
  if (pricing.totalCostCapBps !== null) rates.push(['pricing.totalCostCapBps', pricing.totalCostCapBps]);
  if (pricing.extension) rates.push(['pricing.extension.feeBps', pricing.extension.feeBps]);
  if (pricing.penalty.kind === 'daily-capped') rates.push(['pricing.penalty.dailyBps', pricing.penalty.dailyBps]);
  else {
    rates.push(['pricing.penalty.flatNewClientMinor', pricing.penalty.flatNewClientMinor]);
    rates.push(['pricing.penalty.flatRepeatClientMinor', pricing.penalty.flatRepeatClientMinor]);
    for (const [index, tier] of pricing.penalty.tiers.entries()) rates.push([`pricing.penalty.tiers.${index}.bps`, tier.bps]);
  }
  for (const [field, value] of rates) if (!isWholeBps(value)) flag('rate-not-whole-bps', field, value);
  if (pricing.extension && (!Number.isInteger(pricing.extension.days) || pricing.extension.days < 1)) {
    flag('extension-days-invalid', 'pricing.extension.days', pricing.extension.days, 1);
  }

  if (product.market === Market.India) {
    const { penalty } = pricing;
    if (penalty.kind !== 'india-tiered') flag('penalty-policy-not-india', 'pricing.penalty.kind', penalty.kind, 'india-tiered');
    else {
      if (
        penalty.flatNewClientMinor !== IndiaPenalty.flatNewClientMinor ||
        penalty.flatRepeatClientMinor !== IndiaPenalty.flatRepeatClientMinor
      ) {
        flag(
          'penalty-flat-fee-not-india',
          'pricing.penalty',
          [penalty.flatNewClientMinor, penalty.flatRepeatClientMinor],
          [IndiaPenalty.flatNewClientMinor, IndiaPenalty.flatRepeatClientMinor],
        );
      }
      if (!sameTiers(penalty.tiers)) flag('penalty-tiers-not-india', 'pricing.penalty.tiers', penalty.tiers, IndiaPenalty.dailyRateBps);
    }
    return violations;
  }

  const dailyCap = MarketTerms.ID.dailyCostCapBps;
  const totalCap = MarketTerms.ID.totalCostCapPercent * (LendingRules.bpsPerWhole / 100);
  if (pricing.dailyInterestBps > dailyCap) flag('interest-above-daily-cap', 'pricing.dailyInterestBps', pricing.dailyInterestBps, dailyCap);
  // OJK caps the economic benefit, not interest alone: interest and fees over the term, per day of the principal (SEOJK 19/SEOJK.05/2023)
  else if (termOk && economicBenefitBps(pricing, product.termDays) > dailyCap * product.termDays)
    flag('economic-benefit-above-daily-cap', 'pricing', economicBenefitPerDayBps(pricing, product.termDays), dailyCap);
  if (pricing.penalty.kind !== 'daily-capped')
    flag('penalty-policy-not-daily-capped', 'pricing.penalty.kind', pricing.penalty.kind, 'daily-capped');
  else if (pricing.penalty.dailyBps > dailyCap)
    flag('late-fee-above-daily-cap', 'pricing.penalty.dailyBps', pricing.penalty.dailyBps, dailyCap);
  if (pricing.totalCostCapBps === null) flag('total-cost-cap-missing', 'pricing.totalCostCapBps', null, totalCap);
  else if (pricing.totalCostCapBps > totalCap)
    flag('total-cost-cap-above-market', 'pricing.totalCostCapBps', pricing.totalCostCapBps, totalCap);
  // the price as configured must fit the cap, not lean on the engine trimming it
  const costBps = pricing.dailyInterestBps * product.termDays + pricing.serviceFeeBps;
  const capBps = Math.min(pricing.totalCostCapBps ?? totalCap, totalCap);
  if (costBps > capBps) flag('total-cost-above-cap', 'pricing', costBps, capBps);
  return violations;
};
