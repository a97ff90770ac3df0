import { Market } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween } from './business-date.js';
import { buildSchedule, instalmentUnitMinor, loanCost, periodTotal, type ScheduleTerms, scheduleTotals, splitEvenly } from './schedule.js';
import { StandardPricing } from './standard-pricing.js';

const makeTerms = (overrides: Partial<ScheduleTerms> = {}): ScheduleTerms => ({
  principalMinor: 1_500_000,
  termDays: 91,
  periods: 1,
  startDate: '2026-01-15',
  dailyInterestBps: 5,
  serviceFeeBps: 300,
  totalCostCapBps: null,
  ...overrides,
});

const terms = fc.record({
  principalMinor: fc.integer({ min: 1, max: 2_000_000_000 }),
  termDays: fc.integer({ min: 91, max: 365 }),
  periods: fc.integer({ min: 1, max: 12 }),
  startDate: fc.integer({ min: 0, max: 3_000 }).map((offset) => new Date(Date.UTC(2025, 0, 1 + offset)).toISOString().slice(0, 10)),
  dailyInterestBps: fc.integer({ min: 0, max: 50 }),
  serviceFeeBps: fc.integer({ min: 0, max: 1_000 }),
  totalCostCapBps: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
  market: fc.constantFrom(Market.India, Market.Indonesia, undefined),
});

describe('buildSchedule', () => {
  it('schedules a single-payment loan as one period on the last day of the term, with interest from the daily rate and the service fee', () => {
    const [period, ...rest] = buildSchedule(makeTerms());
    expect(rest).toHaveLength(0);
    // Rs.15,000 at 0.05 % a day for 91 days, and a 3 % fee
    expect(period).toEqual({ periodNo: 1, dueDate: '2026-04-16', principalMinor: 1_500_000, interestMinor: 68_250, feeMinor: 45_000 });
    expect(periodTotal(period!)).toBe(1_613_250);
  });

  it('schedules an installment loan in equal periods whose last one absorbs the rounding', () => {
    const schedule = buildSchedule(
      makeTerms({ principalMinor: 1_000_001, termDays: 180, periods: 3, serviceFeeBps: 0, dailyInterestBps: 1 }),
    );
    expect(schedule.map((period) => period.dueDate)).toEqual(['2026-03-16', '2026-05-15', '2026-07-14']);
    expect(schedule.map((period) => period.principalMinor)).toEqual([333_333, 333_333, 333_335]);
    // 1,000,001 × 0.01 % × 180 = 18,000.018, rounded to 18,000
    expect(schedule.map((period) => period.interestMinor)).toEqual([6_000, 6_000, 6_000]);
  });

  it('trims interest, never the fee, to the total cost cap', () => {
    expect(loanCost(makeTerms({ dailyInterestBps: 50, serviceFeeBps: 1_000, totalCostCapBps: 3_000 }))).toEqual({
      feeMinor: 150_000,
      interestMinor: 300_000,
    });
  });

  it('keeps an Indonesian loan within 100 % of the principal even when the product sets no cap', () => {
    const cost = loanCost(makeTerms({ market: Market.Indonesia, principalMinor: 300_000_000, dailyInterestBps: 200, termDays: 365 }));
    expect(cost.interestMinor + cost.feeMinor).toBe(300_000_000);
  });

  it('refuses a term with fewer days than periods, a fractional principal or no periods', () => {
    expect(() => buildSchedule(makeTerms({ periods: 92 }))).toThrow(RangeError);
    expect(() => buildSchedule(makeTerms({ principalMinor: 10.5 }))).toThrow(RangeError);
    expect(() => buildSchedule(makeTerms({ periods: 0 }))).toThrow(RangeError);
  });

  it('asks Indonesian instalments in whole rupiah, the last taking the remainder: at 0.08 % a day and a 2 % fee, Rp 5.000.000 in 3 is Rp 1.940.000 three times', () => {
    const cicil = (principalMinor: number) =>
      buildSchedule(
        makeTerms({ ...StandardPricing.ID, serviceFeeBps: 200, market: Market.Indonesia, principalMinor, termDays: 180, periods: 3 }),
      ).map(periodTotal);
    // 5,000,000 + 14.4 % interest + 2 % fee = 5,820,000: it was 1,939,999.99 twice and 1,940,000.02
    expect(cicil(500_000_000)).toEqual([194_000_000, 194_000_000, 194_000_000]);
    // the product's example: 3 × 388,000 (it was 387,999.99 twice and 388,000.02)
    expect(cicil(100_000_000)).toEqual([38_800_000, 38_800_000, 38_800_000]);
    // a total that does not divide: Rp 1.234.567 + 177.777,64 + 24.691,34 = 1.437.035,98, a third is 479.011,99…,
    // rounded to Rp 479.012 twice; the last period takes what is left, sen included
    expect(cicil(123_456_700)).toEqual([47_901_200, 47_901_200, 47_901_198]);
    // Rp 1.000.001 costs 1.164.001,16: a third is 388.000,38…, rounded to Rp 388.000
    expect(cicil(100_000_100)).toEqual([38_800_000, 38_800_000, 38_800_116]);
  });

  it("keeps paise in Indian instalments, as UPI and RBI's own example do", () => {
    const plus = buildSchedule(makeTerms({ principalMinor: 2_000_000, termDays: 180, periods: 3 })).map(periodTotal);
    expect(plus).toEqual([746_666, 746_666, 746_668]);
  });

  it('splits a total into whole shares with the remainder on the last', () => {
    expect(splitEvenly(10, 3)).toEqual([3, 3, 4]);
  });
});

describe('buildSchedule properties', () => {
  it('makes the periods add up exactly to the principal, with the last period absorbing the remainder', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const schedule = buildSchedule(t);
        expect(schedule).toHaveLength(t.periods);
        expect(schedule.reduce((total, period) => total + period.principalMinor, 0)).toBe(t.principalMinor);
        for (const period of schedule) expect(Number.isInteger(periodTotal(period))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('makes the periods sum exactly to principal + interest + fees, every period but the last equal', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const schedule = buildSchedule(t);
        const { interestMinor, feeMinor } = loanCost(t);
        expect(scheduleTotals(schedule)).toEqual({
          principalMinor: t.principalMinor,
          interestMinor,
          feeMinor,
          totalMinor: t.principalMinor + interestMinor + feeMinor,
        });
        const first = schedule[0]!;
        for (const period of schedule.slice(0, -1)) {
          expect([period.principalMinor, period.interestMinor, period.feeMinor]).toEqual([
            first.principalMinor,
            first.interestMinor,
            first.feeMinor,
          ]);
        }
        const last = schedule.at(-1)!;
        // in a market paying whole units the principal moves between periods to round them (decision 132)
        fc.pre(instalmentUnitMinor(t.market) === 1);
        expect(last.principalMinor - first.principalMinor).toBeGreaterThanOrEqual(0);
        expect(last.principalMinor - first.principalMinor).toBeLessThan(t.periods);
      }),
      { numRuns: 1000 },
    );
  });

  it('never charges more than the total cost cap of the principal', () => {
    fc.assert(
      fc.property(terms, (t) => {
        fc.pre(t.totalCostCapBps !== null);
        const cost = buildSchedule(t).reduce((total, period) => total + period.interestMinor + period.feeMinor, 0);
        expect(cost).toBeLessThanOrEqual((t.principalMinor * t.totalCostCapBps!) / 10_000);
      }),
      { numRuns: 1000 },
    );
  });

  it('never lets an Indonesian loan cost more than its principal, whatever the product says', () => {
    fc.assert(
      fc.property(terms, fc.integer({ min: 0, max: 1_000 }), (t, dailyInterestBps) => {
        const { interestMinor, feeMinor } = loanCost({ ...t, market: Market.Indonesia, dailyInterestBps, totalCostCapBps: null });
        expect(interestMinor + feeMinor).toBeLessThanOrEqual(t.principalMinor);
      }),
      { numRuns: 1000 },
    );
  });

  it('asks every Indonesian period but the last in whole rupiah, the total unchanged and the last within the rounding of the others', () => {
    fc.assert(
      fc.property(terms, (t) => {
        // a loan of a few rupiah cannot be rounded; real ones are at least Rp 1.000.000
        fc.pre(t.principalMinor >= 100 * t.periods * t.periods);
        const id = { ...t, market: Market.Indonesia };
        const schedule = buildSchedule(id);
        const { interestMinor, feeMinor } = loanCost(id);
        expect(scheduleTotals(schedule).totalMinor).toBe(t.principalMinor + interestMinor + feeMinor);
        for (const period of schedule) {
          for (const part of [period.principalMinor, period.interestMinor, period.feeMinor]) expect(part).toBeGreaterThanOrEqual(0);
        }
        for (const period of schedule.slice(0, -1)) expect(periodTotal(period) % 100).toBe(0);
        expect(Math.abs(periodTotal(schedule.at(-1)!) - periodTotal(schedule[0]!))).toBeLessThanOrEqual(t.periods * 100);
      }),
      { numRuns: 1000 },
    );
  });

  it('ends the last period on the last day of the term, each due date after the one before', () => {
    fc.assert(
      fc.property(terms, (t) => {
        const schedule = buildSchedule(t);
        expect(daysBetween(t.startDate, schedule.at(-1)!.dueDate)).toBe(t.termDays);
        let previous = t.startDate;
        for (const period of schedule) {
          expect(daysBetween(previous, period.dueDate)).toBeGreaterThan(0);
          previous = period.dueDate;
        }
      }),
      { numRuns: 1000 },
    );
  });
});
