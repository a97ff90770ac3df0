import { Market } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashFlowsOf, netPresentValue } from './apr.js';
import { borrowerLimitMinor, chooseOffer } from './offer-choice.js';
import { aprBps, scheduleOf } from './pricing-view.js';
import { periodTotal } from './schedule.js';
import { StandardPricing } from './standard-pricing.js';

const flexi = {
  market: Market.India,
  amountMinMinor: 200_000,
  amountMaxMinor: 8_000_000,
  amountStepMinor: 50_000,
  termDays: 91,
  termOptions: [91, 120, 180],
};

describe('what a borrower may choose (issue 29, decision 147)', () => {
  it("limits a borrower to twice the stated monthly salary, in the product's steps and range; before any, the product's maximum", () => {
    expect(borrowerLimitMinor(flexi, 1_500_000)).toBe(3_000_000);
    expect(borrowerLimitMinor(flexi, 1_234_500)).toBe(2_450_000);
    expect(borrowerLimitMinor(flexi, 9_000_000)).toBe(8_000_000);
    expect(borrowerLimitMinor(flexi, 0)).toBe(8_000_000);
  });

  it('holds what is asked within the steps, the range, the limit and the term options', () => {
    expect(chooseOffer(flexi, 3_000_000, {})).toMatchObject({ amountMinor: 3_000_000, termDays: 91, amountMaxMinor: 3_000_000 });
    expect(chooseOffer(flexi, 3_000_000, { amountMinor: 1_234_567, termDays: 180 })).toMatchObject({
      amountMinor: 1_200_000,
      termDays: 180,
    });
    expect(chooseOffer(flexi, 3_000_000, { amountMinor: 10, termDays: 7 })).toMatchObject({ amountMinor: 200_000, termDays: 91 });
    expect(chooseOffer(flexi, 3_000_000, { amountMinor: 9_000_000 }).amountMinor).toBe(3_000_000);
  });

  it('prices any chosen amount and term with an APR equal to the IRR of its own plan within one basis point (the KFS path)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(Market.India, Market.Indonesia),
        fc.integer({ min: 0, max: 2_000_000_000 }),
        fc.constantFrom(91, 120, 180, 270, 365),
        fc.integer({ min: 1, max: 6 }),
        (market, asked, termDays, periods) => {
          const product = {
            market,
            amountMinMinor: market === Market.India ? 200_000 : 100_000_000,
            amountMaxMinor: market === Market.India ? 8_000_000 : 1_500_000_000,
            amountStepMinor: market === Market.India ? 50_000 : 10_000_000,
            termDays: 91,
            termOptions: [91, 120, 180, 270, 365],
          };
          const choice = chooseOffer(product, product.amountMaxMinor, { amountMinor: asked, termDays });
          const start = '2026-11-26';
          const terms = {
            market,
            principalMinor: choice.amountMinor,
            termDays: choice.termDays,
            periods,
            pricing: StandardPricing[market],
          };
          const schedule = scheduleOf(terms, start);
          const apr = aprBps(choice.amountMinor, start, schedule);
          const flows = cashFlowsOf({
            startDate: start,
            disbursedMinor: choice.amountMinor,
            instalments: schedule.map((period) => ({ dueDate: period.dueDate, amountMinor: periodTotal(period) })),
          });
          const daily = (bps: number) => bps / 10_000 / 365;
          expect(netPresentValue(flows, daily(apr - 1))).toBeGreaterThanOrEqual(0);
          expect(netPresentValue(flows, daily(apr + 1))).toBeLessThanOrEqual(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
