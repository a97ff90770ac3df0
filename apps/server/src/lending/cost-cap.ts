/**
 * The caps a market puts on what a loan may cost, applied whatever a product says: Indonesia's
 * 0.1 % a day on late fees and a total cost (interest, fees, penalties) of at most the principal.
 */
import { LendingRules, Market, MarketTerms } from '@kilat/contract';
import { bpsOf } from './money.js';

const indonesiaTotalCapBps = MarketTerms.ID.totalCostCapPercent * (LendingRules.bpsPerWhole / 100);

/** The total cost cap in force: the product's, tightened by the market's; null when neither has one. */
export const totalCostCapBps = (market: Market | undefined, productCapBps: number | null): number | null => {
  const marketCap = market === Market.Indonesia ? indonesiaTotalCapBps : null;
  if (marketCap === null) return productCapBps;
  return productCapBps === null ? marketCap : Math.min(productCapBps, marketCap);
};

/** The highest daily late-fee rate a market allows, or null when it sets none. */
export const dailyLateFeeCapBps = (market: Market | undefined): number | null =>
  market === Market.Indonesia ? MarketTerms.ID.dailyCostCapBps : null;

/** What may still be charged before the total cost reaches its cap (unbounded without a cap). */
export const costHeadroomMinor = (principalMinor: number, capBps: number | null, chargedMinor: number): number =>
  capBps === null ? Number.POSITIVE_INFINITY : Math.max(0, bpsOf(principalMinor, capBps) - chargedMinor);
