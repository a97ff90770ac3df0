import { IndiaPenalty, Market, MarketTerms } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './business-date.js';
import { type OverdueFacts, overdueDays, penaltyAccrued, penaltyForDay } from './penalty.js';
import type { PenaltyPolicy } from './product.js';

const DUE = '2026-03-31';

const indiaPolicy: PenaltyPolicy = {
  kind: 'india-tiered',
  flatNewClientMinor: IndiaPenalty.flatNewClientMinor,
  flatRepeatClientMinor: IndiaPenalty.flatRepeatClientMinor,
  tiers: IndiaPenalty.dailyRateBps.map(({ fromDay, bps }) => ({ fromDay, bps })),
};

const makeIndiaOverdue = (overrides: Partial<OverdueFacts> = {}): OverdueFacts => ({
  market: Market.India,
  policy: indiaPolicy,
  isRepeatClient: false,
  overduePrincipalMinor: 1_000_000,
  dueDate: DUE,
  principalMinor: 1_000_000,
  otherCostMinor: 0,
  totalCostCapBps: null,
  ...overrides,
});

const makeIndonesiaOverdue = (overrides: Partial<OverdueFacts> = {}): OverdueFacts => ({
  market: Market.Indonesia,
  policy: { kind: 'daily-capped', dailyBps: MarketTerms.ID.dailyCostCapBps },
  isRepeatClient: false,
  overduePrincipalMinor: 300_000_000,
  dueDate: DUE,
  principalMinor: 300_000_000,
  otherCostMinor: 30_000_000,
  totalCostCapBps: 10_000,
  ...overrides,
});

describe('penaltyAccrued', () => {
  it('charges nothing on or before the due date', () => {
    expect(penaltyAccrued(makeIndiaOverdue(), DUE).totalMinor).toBe(0);
    expect(penaltyAccrued(makeIndiaOverdue(), addDays(DUE, -10)).totalMinor).toBe(0);
    expect(overdueDays(DUE, addDays(DUE, -3))).toBe(0);
  });

  it('charges a new Indian client Rs.1,000 and 5 % of the overdue principal on the first overdue day', () => {
    expect(penaltyAccrued(makeIndiaOverdue(), addDays(DUE, 1))).toEqual({
      overdueDays: 1,
      flatMinor: 100_000,
      dailyMinor: 50_000,
      uncappedMinor: 150_000,
      totalMinor: 150_000,
    });
  });

  it('charges a repeat Indian client Rs.800 on the first overdue day', () => {
    expect(penaltyAccrued(makeIndiaOverdue({ isRepeatClient: true }), addDays(DUE, 1)).flatMinor).toBe(80_000);
  });

  it('charges India 5 % a day for days 1–30, 4 % for days 31–90 and 2 % from day 91, on the overdue principal only', () => {
    const facts = makeIndiaOverdue();
    expect(penaltyForDay(facts, 2)).toBe(50_000);
    expect(penaltyForDay(facts, 30)).toBe(50_000);
    expect(penaltyForDay(facts, 31)).toBe(40_000);
    expect(penaltyForDay(facts, 90)).toBe(40_000);
    expect(penaltyForDay(facts, 91)).toBe(20_000);
    expect(penaltyForDay(facts, 400)).toBe(20_000);
    // 100 days: Rs.1,000 + 30 × 500 + 60 × 400 + 10 × 200, never on the penalties already charged
    expect(penaltyAccrued(facts, addDays(DUE, 100)).totalMinor).toBe(100_000 + 30 * 50_000 + 60 * 40_000 + 10 * 20_000);
  });

  it('charges the flat fee once per order: not again in a later overdue spell', () => {
    expect(penaltyAccrued(makeIndiaOverdue({ flatFeeCharged: true }), addDays(DUE, 1)).totalMinor).toBe(50_000);
  });

  it('charges Indonesia at most 0.1 % of the overdue principal a day, whatever the product says', () => {
    const facts = makeIndonesiaOverdue({ policy: { kind: 'daily-capped', dailyBps: 50 } });
    expect(penaltyForDay(facts, 1)).toBe(300_000);
    expect(penaltyAccrued(facts, addDays(DUE, 10)).totalMinor).toBe(3_000_000);
  });

  it('stops Indonesian penalties where interest, fees and penalties reach 100 % of the principal', () => {
    const facts = makeIndonesiaOverdue({ otherCostMinor: 299_000_000 });
    expect(penaltyAccrued(facts, addDays(DUE, 3)).totalMinor).toBe(900_000);
    expect(penaltyAccrued(facts, addDays(DUE, 5)).totalMinor).toBe(1_000_000);
    expect(penaltyForDay(facts, 5)).toBe(0);
  });

  it('refuses an overdue principal that is not whole minor units', () => {
    expect(() => penaltyAccrued(makeIndiaOverdue({ overduePrincipalMinor: -1 }), addDays(DUE, 1))).toThrow(RangeError);
  });
});

const overdueFacts = fc.record({
  market: fc.constantFrom(Market.India, Market.Indonesia),
  isRepeatClient: fc.boolean(),
  principalMinor: fc.integer({ min: 1, max: 2_000_000_000 }),
  overdueShare: fc.integer({ min: 0, max: 100 }),
  otherCostShare: fc.integer({ min: 0, max: 120 }),
  dailyBps: fc.integer({ min: 0, max: 1_000 }),
  totalCostCapBps: fc.option(fc.integer({ min: 0, max: 20_000 }), { nil: null }),
  flatFeeCharged: fc.boolean(),
});
type OverdueCase = typeof overdueFacts extends fc.Arbitrary<infer T> ? T : never;
const toFacts = (f: OverdueCase): OverdueFacts => ({
  market: f.market,
  policy: f.market === Market.India ? indiaPolicy : { kind: 'daily-capped', dailyBps: f.dailyBps },
  isRepeatClient: f.isRepeatClient,
  principalMinor: f.principalMinor,
  overduePrincipalMinor: Math.floor((f.principalMinor * f.overdueShare) / 100),
  otherCostMinor: Math.floor((f.principalMinor * f.otherCostShare) / 100),
  dueDate: DUE,
  totalCostCapBps: f.totalCostCapBps,
  flatFeeCharged: f.flatFeeCharged,
});
const day = fc.integer({ min: 0, max: 500 });

describe('penaltyAccrued properties', () => {
  it('never decreases as overdue days pass', () => {
    fc.assert(
      fc.property(overdueFacts, day, day, (f, a, b) => {
        const facts = toFacts(f);
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        expect(penaltyAccrued(facts, addDays(DUE, later)).totalMinor).toBeGreaterThanOrEqual(
          penaltyAccrued(facts, addDays(DUE, earlier)).totalMinor,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('adds up daily postings to exactly the accrued penalty', () => {
    fc.assert(
      fc.property(overdueFacts, fc.integer({ min: 0, max: 120 }), (f, days) => {
        const facts = toFacts(f);
        let posted = 0;
        for (let n = 1; n <= days; n += 1) posted += penaltyForDay(facts, n);
        expect(posted).toBe(penaltyAccrued(facts, addDays(DUE, days)).totalMinor);
      }),
      { numRuns: 1000 },
    );
  });

  it('charges India exactly the tier rate of each day on the overdue principal, 5 % to day 30, 4 % to day 90, 2 % after', () => {
    fc.assert(
      fc.property(overdueFacts, fc.integer({ min: 2, max: 500 }), (f, n) => {
        const facts = toFacts({ ...f, market: Market.India, totalCostCapBps: null });
        const bps = n <= 30 ? 500 : n <= 90 ? 400 : 200;
        expect(penaltyForDay(facts, n)).toBe(Math.floor((facts.overduePrincipalMinor * bps) / 10_000));
      }),
      { numRuns: 1000 },
    );
  });

  it('charges the Indian flat fee once, on the first overdue day, by client kind', () => {
    fc.assert(
      fc.property(overdueFacts, fc.integer({ min: 1, max: 500 }), (f, n) => {
        const facts = toFacts({ ...f, market: Market.India, totalCostCapBps: null });
        const flat = facts.flatFeeCharged ? 0 : facts.isRepeatClient ? 80_000 : 100_000;
        expect(penaltyAccrued(facts, addDays(DUE, n)).flatMinor).toBe(flat);
      }),
      { numRuns: 1000 },
    );
  });

  it('is never compounded: each day depends only on the overdue principal, never on penalties already charged', () => {
    fc.assert(
      fc.property(overdueFacts, fc.integer({ min: 1, max: 500 }), (f, n) => {
        const facts = toFacts({ ...f, totalCostCapBps: null });
        const accrued = penaltyAccrued(facts, addDays(DUE, n));
        const maxDailyBps = facts.market === Market.India ? 500 : 10;
        expect(accrued.dailyMinor).toBeLessThanOrEqual(n * Math.floor((facts.overduePrincipalMinor * maxDailyBps) / 10_000));
      }),
      { numRuns: 1000 },
    );
  });

  it('never lets an Indonesian day cost more than 0.1 % of the overdue principal, nor the loan more than its principal', () => {
    fc.assert(
      fc.property(overdueFacts, fc.integer({ min: 1, max: 500 }), (f, n) => {
        const facts = toFacts({ ...f, market: Market.Indonesia });
        expect(penaltyForDay(facts, n)).toBeLessThanOrEqual((facts.overduePrincipalMinor * 10) / 10_000);
        const total = penaltyAccrued(facts, addDays(DUE, n)).totalMinor;
        expect(total + facts.otherCostMinor).toBeLessThanOrEqual(Math.max(facts.principalMinor, facts.otherCostMinor));
      }),
      { numRuns: 1000 },
    );
  });
});
