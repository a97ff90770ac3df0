import { Market, MarketTerms } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Product } from '../db/schema.js';
import type { ProductConfig } from './product.js';
import { checkProductPricing } from './product-pricing.js';
import { StandardPricing } from './standard-pricing.js';

// a stored product is checked as it is
const storedProductIsAConfig = (product: Product): ProductConfig => product;
void storedProductIsAConfig;

const makeIndiaProduct = (overrides: Partial<ProductConfig> = {}): ProductConfig => ({
  market: Market.India,
  amountMinMinor: MarketTerms.IN.amountMinMinor,
  amountMaxMinor: MarketTerms.IN.amountMaxMinor,
  termDays: 91,
  periods: 1,
  pricing: StandardPricing[Market.India],
  ...overrides,
});

const makeIndonesiaProduct = (overrides: Partial<ProductConfig> = {}): ProductConfig => ({
  market: Market.Indonesia,
  amountMinMinor: MarketTerms.ID.amountMinMinor,
  amountMaxMinor: MarketTerms.ID.amountMaxMinor,
  termDays: 180,
  periods: 3,
  pricing: StandardPricing[Market.Indonesia],
  ...overrides,
});

const codes = (product: ProductConfig) => checkProductPricing(product).map((violation) => violation.code);

describe('checkProductPricing', () => {
  it('accepts the default products of both markets', () => {
    expect(checkProductPricing(makeIndiaProduct())).toEqual([]);
    expect(checkProductPricing(makeIndonesiaProduct())).toEqual([]);
  });

  it('keeps India’s amounts within Rs.2,000 to Rs.80,000', () => {
    expect(checkProductPricing(makeIndiaProduct({ amountMinMinor: 199_999, amountMaxMinor: 8_000_001 }))).toEqual([
      { code: 'amount-below-market-minimum', field: 'amountMinMinor', actual: 199_999, limit: 200_000 },
      { code: 'amount-above-market-maximum', field: 'amountMaxMinor', actual: 8_000_001, limit: 8_000_000 },
    ]);
  });

  it('keeps Indonesia’s amounts within Rp 1,000,000 to Rp 15,000,000, the lowest no higher than the highest', () => {
    expect(codes(makeIndonesiaProduct({ amountMinMinor: 99_999_999 }))).toEqual(['amount-below-market-minimum']);
    expect(codes(makeIndonesiaProduct({ amountMinMinor: 900_000_000, amountMaxMinor: 500_000_000 }))).toEqual(['amount-range-inverted']);
    expect(codes(makeIndonesiaProduct({ amountMaxMinor: 100_000_000.5 }))).toEqual(['amount-not-whole-minor-units']);
  });

  it('keeps the term between 91 and 365 days, with at least a day per installment', () => {
    expect(codes(makeIndiaProduct({ termDays: 90 }))).toEqual(['term-out-of-range']);
    expect(codes(makeIndiaProduct({ termDays: 366 }))).toEqual(['term-out-of-range']);
    expect(codes(makeIndiaProduct({ periods: 0 }))).toEqual(['periods-invalid']);
    expect(codes(makeIndiaProduct({ periods: 92 }))).toEqual(['periods-invalid']);
  });

  it('holds India’s penalty to spec §9: Rs.1,000 or Rs.800 flat, then 5 %, 4 % and 2 % a day', () => {
    const india = makeIndiaProduct();
    const withPenalty = (penalty: ProductConfig['pricing']['penalty']) => makeIndiaProduct({ pricing: { ...india.pricing, penalty } });
    expect(codes(withPenalty({ kind: 'daily-capped', dailyBps: 10 }))).toEqual(['penalty-policy-not-india']);
    expect(
      codes(
        withPenalty({
          ...(india.pricing.penalty as Extract<typeof india.pricing.penalty, { kind: 'india-tiered' }>),
          flatRepeatClientMinor: 90_000,
        }),
      ),
    ).toEqual(['penalty-flat-fee-not-india']);
    expect(
      codes(
        withPenalty({
          kind: 'india-tiered',
          flatNewClientMinor: 100_000,
          flatRepeatClientMinor: 80_000,
          tiers: [
            { fromDay: 1, bps: 500 },
            { fromDay: 31, bps: 300 },
            { fromDay: 91, bps: 200 },
          ],
        }),
      ),
    ).toEqual(['penalty-tiers-not-india']);
  });

  it('holds Indonesia to 0.1 % a day on interest and late fees and a total cost of at most the principal', () => {
    const indonesia = makeIndonesiaProduct();
    const withPricing = (pricing: Partial<ProductConfig['pricing']>) =>
      makeIndonesiaProduct({ pricing: { ...indonesia.pricing, ...pricing } });
    expect(codes(withPricing({ dailyInterestBps: 11 }))).toEqual(['interest-above-daily-cap']);
    expect(codes(withPricing({ penalty: { kind: 'daily-capped', dailyBps: 11 } }))).toEqual(['late-fee-above-daily-cap']);
    expect(codes(withPricing({ totalCostCapBps: null }))).toEqual(['total-cost-cap-missing']);
    expect(codes(withPricing({ totalCostCapBps: 10_001 }))).toEqual(['total-cost-cap-above-market']);
    // 0.1 % a day for 365 days is 36.5 %; a 70 % fee takes it past 100 %
    expect(
      codes(makeIndonesiaProduct({ termDays: 365, pricing: { ...indonesia.pricing, dailyInterestBps: 10, serviceFeeBps: 7_000 } })),
    ).toEqual(['economic-benefit-above-daily-cap', 'total-cost-above-cap']);
    expect(codes(withPricing({ penalty: makeIndiaProduct().pricing.penalty }))).toEqual(['penalty-policy-not-daily-capped']);
  });

  it("holds Indonesia's economic benefit — interest and fees together, per day of the principal — to 0.1 % a day at the term (defect 9)", () => {
    const indonesia = makeIndonesiaProduct();
    // Kilat Tunai as it was: 0.08 % a day plus a 2 % fee over 91 days is 0.102 % a day
    const tunai = makeIndonesiaProduct({ termDays: 91, pricing: { ...indonesia.pricing, dailyInterestBps: 8, serviceFeeBps: 200 } });
    expect(checkProductPricing(tunai)).toEqual([{ code: 'economic-benefit-above-daily-cap', field: 'pricing', actual: 10.2, limit: 10 }]);
    // the same price over 120 days is 0.0967 % a day, and a 1 % fee over 91 days 0.091 %
    expect(checkProductPricing({ ...tunai, termDays: 120 })).toEqual([]);
    expect(checkProductPricing({ ...tunai, pricing: { ...tunai.pricing, serviceFeeBps: 100 } })).toEqual([]);
  });

  it('refuses negative or fractional rates and an extension of no days', () => {
    const india = makeIndiaProduct();
    expect(
      checkProductPricing(makeIndiaProduct({ pricing: { ...india.pricing, serviceFeeBps: -1, extension: { days: 0, feeBps: 2.5 } } })),
    ).toEqual([
      { code: 'rate-not-whole-bps', field: 'pricing.serviceFeeBps', actual: -1 },
      { code: 'rate-not-whole-bps', field: 'pricing.extension.feeBps', actual: 2.5 },
      { code: 'extension-days-invalid', field: 'pricing.extension.days', actual: 0, limit: 1 },
    ]);
  });

  it('refuses a market it does not know', () => {
    expect(codes(makeIndiaProduct({ market: 'SG' as Market }))).toEqual(['unknown-market']);
  });
});

// drawn around the market's limits, so that valid and invalid products both come up often
const indonesiaPricing = fc.record({
  amountMinMinor: fc.integer({ min: 90_000_000, max: 1_600_000_000 }),
  amountMaxMinor: fc.integer({ min: 90_000_000, max: 1_600_000_000 }),
  termDays: fc.integer({ min: 80, max: 380 }),
  periods: fc.integer({ min: 0, max: 4 }),
  dailyInterestBps: fc.integer({ min: 0, max: 12 }),
  serviceFeeBps: fc.integer({ min: 0, max: 8_000 }),
  lateBps: fc.integer({ min: 0, max: 12 }),
  totalCostCapBps: fc.option(fc.integer({ min: 9_000, max: 11_000 }), { nil: null }),
});

describe('checkProductPricing properties', () => {
  it('accepts an Indonesian product exactly when every rule of the market holds', () => {
    fc.assert(
      fc.property(indonesiaPricing, (p) => {
        const product = makeIndonesiaProduct({
          amountMinMinor: p.amountMinMinor,
          amountMaxMinor: p.amountMaxMinor,
          termDays: p.termDays,
          periods: p.periods,
          pricing: {
            dailyInterestBps: p.dailyInterestBps,
            serviceFeeBps: p.serviceFeeBps,
            penalty: { kind: 'daily-capped', dailyBps: p.lateBps },
            extension: null,
            totalCostCapBps: p.totalCostCapBps,
          },
        });
        const valid =
          p.amountMinMinor >= 100_000_000 &&
          p.amountMaxMinor <= 1_500_000_000 &&
          p.amountMinMinor <= p.amountMaxMinor &&
          p.termDays >= 91 &&
          p.termDays <= 365 &&
          p.periods >= 1 &&
          p.dailyInterestBps <= 10 &&
          p.dailyInterestBps * p.termDays + p.serviceFeeBps <= 10 * p.termDays &&
          p.lateBps <= 10 &&
          p.totalCostCapBps !== null &&
          p.totalCostCapBps <= 10_000 &&
          p.dailyInterestBps * p.termDays + p.serviceFeeBps <= p.totalCostCapBps;
        expect(checkProductPricing(product).length === 0).toBe(valid);
      }),
      { numRuns: 1000 },
    );
  });

  it('names each violation once, with the field at fault', () => {
    fc.assert(
      fc.property(indonesiaPricing, fc.constantFrom(Market.India, Market.Indonesia), (p, market) => {
        const base = market === Market.India ? makeIndiaProduct() : makeIndonesiaProduct();
        const violations = checkProductPricing({
          ...base,
          amountMinMinor: p.amountMinMinor,
          amountMaxMinor: p.amountMaxMinor,
          termDays: p.termDays,
          periods: p.periods,
        });
        const keys = violations.map((violation) => `${violation.code}:${violation.field}`);
        expect(new Set(keys).size).toBe(keys.length);
        for (const violation of violations) expect(violation.field.length).toBeGreaterThan(0);
      }),
      { numRuns: 1000 },
    );
  });
});
