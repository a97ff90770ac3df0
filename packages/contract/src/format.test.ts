import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localeOf, type Market } from './common-params.js';
import { MarketTerms } from './constants.js';
import { formatApr, formatDate, formatDateTime, formatMoney, formatRate, formatTime, MarketTimeZone, stripSeparators } from './format.js';

const NBSP = '\u00a0';

describe('formatMoney', () => {
  it('shows rupiah minor units divided by 100 with dot thousands, comma decimals and a no-break space after Rp', () => {
    expect(formatMoney(150_000_000, 'ID')).toBe(`Rp${NBSP}1.500.000,00`);
    expect(formatMoney(99, 'ID')).toBe(`Rp${NBSP}0,99`);
  });

  it('shows rupee minor units divided by 100 with two decimals', () => {
    expect(formatMoney(8_000_000, 'IN')).toBe('₹80,000.00');
    expect(formatMoney(200_050, 'IN')).toBe('₹2,000.50');
    expect(formatMoney(1, 'IN')).toBe('₹0.01');
  });

  it('never holds a breakable space, and reads back to the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom('IN' as const, 'ID' as const), (minor, market) => {
        const text = formatMoney(minor, market);
        expect(text).not.toMatch(/[ \u202f]/);
        expect(Number(stripSeparators(text).replace(/^\D+/, ''))).toBe(minor);
      }),
    );
  });
});

describe('formatApr', () => {
  it('writes every APR with two decimals in the market locale (issue 48)', () => {
    expect(formatApr(3340, 'ID')).toBe('33,40%');
    expect(formatApr(3561, 'ID')).toBe('35,61%');
    expect(formatApr(3650, 'IN')).toBe('36.50%');
    expect(formatApr(12_000, 'IN')).toBe('120.00%');
  });
});

describe('formatRate', () => {
  it('writes a rate with the market decimal sign, at most two decimals and no space before %', () => {
    expect(formatRate(8, 'IN')).toBe('0.08%');
    expect(formatRate(8, 'ID')).toBe('0,08%');
    expect(formatRate(10, 'ID')).toBe('0,1%');
    expect(formatRate(500, 'IN')).toBe('5%');
    expect(formatRate(3650, 'IN')).toBe('36.5%');
  });
});

describe('dates and times', () => {
  const instant = new Date('2026-01-05T01:08:09Z');

  it('formats a date as year-month-day with zero padding in the market time zone', () => {
    expect(formatDate(instant, 'ID')).toBe('2026-01-05');
    expect(formatDate(new Date('2026-01-05T20:00:00Z'), 'ID')).toBe('2026-01-06');
  });

  it('formats a time as hours:minutes:seconds with zero padding', () => {
    expect(formatTime(instant, 'ID')).toBe('08:08:09');
    expect(formatTime(instant, 'IN')).toBe('06:38:09');
  });

  it('joins both with a no-break space for a date-time, also from a timestamp', () => {
    expect(formatDateTime(instant.getTime(), 'ID')).toBe(`2026-01-05${NBSP}08:08:09`);
  });

  it('reads the device clock when no market is given', () => {
    const local = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatDate(local)).toBe('2026-01-05');
    expect(formatTime(local)).toBe('07:08:09');
  });
});

// the formatters are written by hand so that a page makes no Intl formatter (docs/decisions/182):
// each market's Intl locale is the reference they must match, with its spaces made unbreakable
describe('the same text as the market locale writes with Intl', () => {
  const markets = fc.constantFrom<Market>('IN', 'ID');
  const unbreakable = (text: string) => text.replace(/[ \u202f]/g, NBSP);

  it('writes money as Intl currency with two decimals, negative amounts and crores included', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), markets, (minor, market) => {
        const reference = new Intl.NumberFormat(localeOf(market), {
          style: 'currency',
          currency: MarketTerms[market].currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        });
        expect(formatMoney(minor, market)).toBe(unbreakable(reference.format(minor / 100)));
      }),
      { numRuns: 2000 },
    );
    expect(formatMoney(1_234_567_89, 'IN')).toBe('₹12,34,567.89');
    expect(formatMoney(-150, 'ID')).toBe(`-Rp${NBSP}1,50`);
  });

  it('writes a rate as an Intl percentage with at most two decimals, rounding half a basis point up', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), markets, (bps, market) => {
        const reference = new Intl.NumberFormat(localeOf(market), { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 });
        expect(formatRate(bps, market)).toBe(unbreakable(reference.format(bps / 10_000)));
      }),
      { numRuns: 2000 },
    );
    expect(formatRate(2.5, 'IN')).toBe('0.03%');
    expect(formatRate(123_456_789, 'IN')).toBe('12,34,567.89%');
  });

  it('reads the wall clock of the market time zone as Intl does, 1970 to 2100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2100, 0, 1) }), markets, (instant, market) => {
        const reference = new Intl.DateTimeFormat('en-CA', {
          timeZone: MarketTimeZone[market],
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
          hourCycle: 'h23',
        });
        const parts = Object.fromEntries(reference.formatToParts(instant).map((part) => [part.type, part.value]));
        expect(formatDateTime(instant, market)).toBe(
          `${parts.year}-${parts.month}-${parts.day}${NBSP}${parts.hour}:${parts.minute}:${parts.second}`,
        );
      }),
      { numRuns: 2000 },
    );
  });
});
