import { IndiaPenalty, Market, MarketTerms } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { latePenaltyOfDay, type OverdueDay } from './penalty.js';
import type { PenaltyPolicy } from './product.js';

const indiaPolicy: PenaltyPolicy = {
  kind: 'india-tiered',
  flatNewClientMinor: IndiaPenalty.flatNewClientMinor,
  flatRepeatClientMinor: IndiaPenalty.flatRepeatClientMinor,
  tiers: IndiaPenalty.dailyRateBps.map(({ fromDay, bps }) => ({ fromDay, bps })),
};

const indiaDay = (overrides: Partial<OverdueDay> = {}): OverdueDay => ({
  market: Market.India,
  policy: indiaPolicy,
  isRepeatClient: false,
  overdueDay: 1,
  overduePrincipalMinor: 1_000_000,
  flatFeeCharged: false,
  headroomMinor: Number.POSITIVE_INFINITY,
  ...overrides,
});

const indonesiaDay = (overrides: Partial<OverdueDay> = {}): OverdueDay => ({
  market: Market.Indonesia,
  policy: { kind: 'daily-capped', dailyBps: MarketTerms.ID.dailyCostCapBps },
  isRepeatClient: false,
  overdueDay: 1,
  overduePrincipalMinor: 300_000_000,
  flatFeeCharged: false,
  headroomMinor: Number.POSITIVE_INFINITY,
  ...overrides,
});

describe('latePenaltyOfDay', () => {
  it('charges nothing on or before the due date, or on nothing overdue', () => {
    expect(latePenaltyOfDay(indiaDay({ overdueDay: 0 }))).toBe(0);
    expect(latePenaltyOfDay(indiaDay({ overduePrincipalMinor: 0 }))).toBe(0);
  });

  it('charges a new Indian client Rs.1,000 and 5 % of the overdue principal on the first overdue day', () => {
    expect(latePenaltyOfDay(indiaDay())).toBe(100_000 + 50_000);
  });

  it('charges a repeat Indian client Rs.800 on the first overdue day', () => {
    expect(latePenaltyOfDay(indiaDay({ isRepeatClient: true }))).toBe(80_000 + 50_000);
  });

  it('charges India 5 % a day for days 1–30, 4 % for days 31–90 and 2 % from day 91, on the overdue principal only', () => {
    const day = (overdueDay: number) => latePenaltyOfDay(indiaDay({ overdueDay, flatFeeCharged: true }));
    expect([day(2), day(30), day(31), day(90), day(91), day(400)]).toEqual([50_000, 50_000, 40_000, 40_000, 20_000, 20_000]);
  });

  it('charges the flat fee once per order: not again once an earlier day charged it', () => {
    expect(latePenaltyOfDay(indiaDay({ flatFeeCharged: true }))).toBe(50_000);
  });

  it('charges Indonesia at most 0.1 % of the overdue principal a day, whatever the product says', () => {
    expect(latePenaltyOfDay(indonesiaDay())).toBe(300_000);
    expect(latePenaltyOfDay(indonesiaDay({ policy: { kind: 'daily-capped', dailyBps: 50 } }))).toBe(300_000);
  });

  it('rounds a day down: 0.1 % of Rp 1.999,99 is 1 sen, never 2', () => {
    expect(latePenaltyOfDay(indonesiaDay({ overduePrincipalMinor: 199_999 }))).toBe(199);
  });

  it('stops where the total cost cap leaves no headroom', () => {
    expect(latePenaltyOfDay(indonesiaDay({ headroomMinor: 120 }))).toBe(120);
    expect(latePenaltyOfDay(indiaDay({ headroomMinor: 0 }))).toBe(0);
  });

  it('refuses an overdue principal that is not whole minor units', () => {
    expect(() => latePenaltyOfDay(indiaDay({ overduePrincipalMinor: 10.5 }))).toThrow(RangeError);
  });
});

const overdueDays = fc.record({
  market: fc.constantFrom(Market.India, Market.Indonesia),
  isRepeatClient: fc.boolean(),
  overdueDay: fc.integer({ min: 1, max: 500 }),
  overduePrincipalMinor: fc.integer({ min: 0, max: 2_000_000_000 }),
  dailyBps: fc.integer({ min: 0, max: 1_000 }),
  flatFeeCharged: fc.boolean(),
  headroomMinor: fc.option(fc.integer({ min: 0, max: 2_000_000_000 }), { nil: Number.POSITIVE_INFINITY }),
});
type Case = typeof overdueDays extends fc.Arbitrary<infer T> ? T : never;
const toDay = (c: Case): OverdueDay => ({
  ...c,
  policy: c.market === Market.India ? indiaPolicy : { kind: 'daily-capped', dailyBps: c.dailyBps },
});

describe('latePenaltyOfDay properties', () => {
  it('charges India exactly the tier rate of the day on the overdue principal, plus the flat fee on the first charged day', () => {
    fc.assert(
      fc.property(overdueDays, (c) => {
        const day = toDay({ ...c, market: Market.India, headroomMinor: Number.POSITIVE_INFINITY });
        const bps = day.overdueDay <= 30 ? 500 : day.overdueDay <= 90 ? 400 : 200;
        const flat = day.flatFeeCharged || day.overduePrincipalMinor === 0 ? 0 : day.isRepeatClient ? 80_000 : 100_000;
        expect(latePenaltyOfDay(day)).toBe(flat + Math.floor((day.overduePrincipalMinor * bps) / 10_000));
      }),
      { numRuns: 1000 },
    );
  });

  it('never lets an Indonesian day cost more than 0.1 % of the overdue principal, nor more than the headroom', () => {
    fc.assert(
      fc.property(overdueDays, (c) => {
        const day = toDay({ ...c, market: Market.Indonesia });
        const charged = latePenaltyOfDay(day);
        expect(charged).toBeLessThanOrEqual((day.overduePrincipalMinor * 10) / 10_000);
        expect(charged).toBeLessThanOrEqual(day.headroomMinor);
        expect(Number.isInteger(charged)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
