import { Market } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annualisedRateBps, type CashFlow, cashFlowsOf, internalRateOfReturn, keyFactAprBps, netPresentValue } from './apr.js';
import { addDays } from './business-date.js';
import { buildSchedule, periodTotal, type ScheduleTerms } from './schedule.js';
import { StandardPricing } from './standard-pricing.js';

const planOf = (terms: ScheduleTerms) => ({
  startDate: terms.startDate,
  disbursedMinor: terms.principalMinor,
  instalments: buildSchedule(terms).map((period) => ({ dueDate: period.dueDate, amountMinor: periodTotal(period) })),
});

const standardTerms = (market: Market, principalMinor: number, termDays: number, periods: number): ScheduleTerms => ({
  principalMinor,
  termDays,
  periods,
  startDate: '2026-11-26',
  dailyInterestBps: StandardPricing[market].dailyInterestBps,
  serviceFeeBps: StandardPricing[market].serviceFeeBps,
  totalCostCapBps: StandardPricing[market].totalCostCapBps,
  market,
});

describe('internalRateOfReturn', () => {
  it("gives RBI's worked example 17.07 %: ₹20,000 less ₹400 of fees paid out, 24 monthly instalments of ₹969.73", () => {
    const flows: CashFlow[] = [
      { at: 0, amountMinor: -1_960_000 },
      ...Array.from({ length: 24 }, (_, index) => ({ at: index + 1, amountMinor: 96_973 })),
    ];
    // the monthly IRR is 1.4225 %; RBI annualises it by the 12 months of a year
    expect(internalRateOfReturn(flows)).toBeCloseTo(0.014_225, 5);
    expect(annualisedRateBps(flows, 12)).toBe(1707);
  });

  it('is 0 when the repayments give back exactly what was paid out, and null when nothing is repaid', () => {
    expect(
      internalRateOfReturn([
        { at: 0, amountMinor: -1_000 },
        { at: 30, amountMinor: 500 },
        { at: 60, amountMinor: 500 },
      ]),
    ).toBeCloseTo(0, 12);
    expect(internalRateOfReturn([{ at: 0, amountMinor: -1_000 }])).toBeNull();
  });

  it('finds a negative rate when less comes back than went out', () => {
    const rate = internalRateOfReturn([
      { at: 0, amountMinor: -1_000 },
      { at: 10, amountMinor: 900 },
    ])!;
    expect(rate).toBeCloseTo(0.9 ** 0.1 - 1, 12);
  });
});

describe('keyFactAprBps', () => {
  it("states the IRR of Kilat's own plans: Kilat Flexi (one payment after 91 days) 29.21 %, Kilat Plus (3 instalments over 180 days) 34.82 %", () => {
    expect(keyFactAprBps(planOf(standardTerms(Market.India, 1_500_000, 91, 1)))).toBe(2921);
    expect(keyFactAprBps(planOf(standardTerms(Market.India, 2_000_000, 180, 3)))).toBe(3482);
  });

  it('counts a single payment as compound daily growth: (total ÷ principal)^(1/days) − 1, × 365', () => {
    const plan = planOf(standardTerms(Market.India, 1_500_000, 91, 1));
    const total = plan.instalments[0]!.amountMinor;
    expect(keyFactAprBps(plan)).toBe(Math.round(((total / 1_500_000) ** (1 / 91) - 1) * 365 * 10_000));
  });

  it('dates each instalment by its own day, so the same amounts later cost less', () => {
    const plan = planOf(standardTerms(Market.Indonesia, 300_000_000, 180, 3));
    const later = {
      ...plan,
      instalments: plan.instalments.map((instalment) => ({ ...instalment, dueDate: addDays(instalment.dueDate, 10) })),
    };
    expect(keyFactAprBps(later)).toBeLessThan(keyFactAprBps(plan));
  });
});

describe('keyFactAprBps properties', () => {
  const products = fc.record({
    market: fc.constantFrom(Market.India, Market.Indonesia),
    principalMinor: fc.integer({ min: 100_000, max: 2_000_000_000 }),
    termDays: fc.integer({ min: 91, max: 365 }),
    periods: fc.integer({ min: 1, max: 12 }),
    startDate: fc.integer({ min: 0, max: 3_000 }).map((offset) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10)),
    dailyInterestBps: fc.integer({ min: 0, max: 50 }),
    serviceFeeBps: fc.integer({ min: 0, max: 1_000 }),
    totalCostCapBps: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
  });

  it('equals the IRR of the plan within one basis point: the plan is worth more than paid out at 1 bp less, less at 1 bp more', () => {
    fc.assert(
      fc.property(products, (terms) => {
        const plan = planOf(terms);
        const apr = keyFactAprBps(plan);
        const flows = cashFlowsOf(plan);
        // the daily rate of an APR in basis points
        const daily = (bps: number) => bps / 10_000 / 365;
        expect(netPresentValue(flows, daily(apr - 1))).toBeGreaterThanOrEqual(0);
        expect(netPresentValue(flows, daily(apr + 1))).toBeLessThanOrEqual(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('is never below 0 and grows with the daily interest rate', () => {
    fc.assert(
      fc.property(products, fc.integer({ min: 1, max: 20 }), (terms, more) => {
        const terms2 = { ...terms, totalCostCapBps: null, market: Market.India };
        const apr = keyFactAprBps(planOf({ ...terms2 }));
        expect(apr).toBeGreaterThanOrEqual(0);
        expect(keyFactAprBps(planOf({ ...terms2, dailyInterestBps: terms2.dailyInterestBps + more }))).toBeGreaterThanOrEqual(apr);
      }),
      { numRuns: 1000 },
    );
  });
});
