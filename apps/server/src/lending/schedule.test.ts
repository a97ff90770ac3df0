import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daysBetween } from './business-date.js';
import { buildSchedule, periodTotal } from './schedule.js';

const terms = fc.record({
  principalMinor: fc.integer({ min: 1, max: 2_000_000_000 }),
  termDays: fc.integer({ min: 91, max: 365 }),
  periods: fc.integer({ min: 1, max: 12 }),
  startDate: fc.constant('2026-01-15'),
  dailyInterestBps: fc.integer({ min: 0, max: 50 }),
  serviceFeeBps: fc.integer({ min: 0, max: 1_000 }),
  totalCostCapBps: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
});

describe('buildSchedule', () => {
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

  it('ends the last period on the last day of the term', () => {
    fc.assert(
      fc.property(terms, (t) => {
        expect(daysBetween(t.startDate, buildSchedule(t).at(-1)!.dueDate)).toBe(t.termDays);
      }),
      { numRuns: 1000 },
    );
  });
});
