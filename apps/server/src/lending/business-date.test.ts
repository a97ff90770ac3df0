import { Market, MarketTimeZone } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { businessDateAt } from './business-date.js';

const formatted = (instant: Date, market: Market) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: MarketTimeZone[market], year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

describe('businessDateAt', () => {
  it("turns the day at the market's midnight, to the millisecond", () => {
    // India is UTC+5:30 (midnight at 18:30 UTC), Indonesia UTC+7 (17:00 UTC)
    expect(businessDateAt(new Date('2026-03-01T18:29:59.999Z'), Market.India)).toBe('2026-03-01');
    expect(businessDateAt(new Date('2026-03-01T18:30:00.000Z'), Market.India)).toBe('2026-03-02');
    expect(businessDateAt(new Date('2026-03-01T16:59:59.999Z'), Market.Indonesia)).toBe('2026-03-01');
    expect(businessDateAt(new Date('2026-03-01T17:00:00.000Z'), Market.Indonesia)).toBe('2026-03-02');
    // and back again: an earlier instant asked after a later one
    expect(businessDateAt(new Date('2026-03-01T18:29:00.000Z'), Market.India)).toBe('2026-03-01');
  });

  it('answers what the time zone says for every instant of three days, asked in any order and for both markets in turn', () => {
    const start = Date.parse('2026-12-30T00:00:00Z');
    const instants = Array.from({ length: (3 * 24 * 60) / 7 }, (_, i) => new Date(start + i * 7 * 60_000 + (i % 5) * 1_000));
    // forwards, then backwards, so each answer follows a different instant than the one before
    for (const instant of [...instants, ...instants.toReversed()]) {
      for (const market of [Market.India, Market.Indonesia]) expect(businessDateAt(instant, market)).toBe(formatted(instant, market));
    }
  });

  it('answers what the time zone says after more quarter hours than it keeps, the first of them asked again', () => {
    // 5,000 quarter hours from 2026-01-01, a minute into each
    const start = Date.parse('2026-01-01T00:01:00Z');
    const instants = Array.from({ length: 5_000 }, (_, i) => new Date(start + i * 900_000));
    for (const instant of [...instants, ...instants.slice(0, 200)]) {
      for (const market of [Market.India, Market.Indonesia]) expect(businessDateAt(instant, market)).toBe(formatted(instant, market));
    }
  });
});
