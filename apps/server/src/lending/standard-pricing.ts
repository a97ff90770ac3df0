/**
 * Each market's standard pricing: what the demo products charge, and the product the pricing checks
 * and the accrual bench start from. India: the tiered penalty of the contract; Indonesia: the
 * regulator's caps from 2026 (0.1 % a day of interest and fees together, total cost at most 100 % of the principal).
 */
import { IndiaPenalty, Market } from '@kilat/contract';
import type { ProductPricing } from './product.js';

export const StandardPricing: Record<Market, ProductPricing> = {
  [Market.India]: {
    dailyInterestBps: 5,
    serviceFeeBps: 300,
    penalty: {
      kind: 'india-tiered',
      flatNewClientMinor: IndiaPenalty.flatNewClientMinor,
      flatRepeatClientMinor: IndiaPenalty.flatRepeatClientMinor,
      tiers: IndiaPenalty.dailyRateBps.map(({ fromDay, bps }) => ({ fromDay, bps })),
    },
    extension: { days: 14, feeBps: 500 },
    totalCostCapBps: null,
    // RBI digital lending directions: the key fact statement states it, at least 1 day (decision 114)
    coolingOffDays: 3,
  },
  [Market.Indonesia]: {
    dailyInterestBps: 8,
    // 0.08 % a day and a 1 % fee: over the shortest term (91 days) 0.091 % a day of economic benefit, within 0.1 % (decision 234)
    serviceFeeBps: 100,
    penalty: { kind: 'daily-capped', dailyBps: 10 },
    extension: { days: 14, feeBps: 300 },
    totalCostCapBps: 10_000,
  },
};
