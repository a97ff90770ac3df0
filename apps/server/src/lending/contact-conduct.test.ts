import { Market } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conductRefusal, contactWindowWithin, contactZoneOf, INDONESIA_HOLIDAYS, instantAt } from './contact-conduct.js';

const at = (iso: string) => new Date(iso);
const reasonAt = (market: Market, city: string | null, iso: string) =>
  conductRefusal({ market, zone: contactZoneOf(market, city), at: at(iso) })?.reason ?? null;

describe('the hours a borrower may be contacted', () => {
  it('allows India from 08:00 IST and refuses from 19:00 IST, Sundays included', () => {
    expect(reasonAt(Market.India, null, '2026-12-07T02:29:59Z')).toBe('before_hours'); // 07:59:59 IST
    expect(reasonAt(Market.India, null, '2026-12-07T02:30:00Z')).toBeNull(); // 08:00 IST
    expect(reasonAt(Market.India, null, '2026-12-07T13:29:00Z')).toBeNull(); // 18:59 IST
    expect(reasonAt(Market.India, null, '2026-12-07T13:30:00Z')).toBe('after_hours'); // 19:00 IST
    expect(reasonAt(Market.India, null, '2026-12-06T05:00:00Z')).toBeNull(); // a Sunday
  });

  it.each([
    ['Jakarta Selatan', 'WIB', '2026-12-07T01:00:00Z', '2026-12-07T13:00:00Z'],
    [null, 'WIB', '2026-12-07T01:00:00Z', '2026-12-07T13:00:00Z'],
    ['Makassar', 'WITA', '2026-12-07T00:00:00Z', '2026-12-07T12:00:00Z'],
    ['Jayapura', 'WIT', '2026-12-06T23:00:00Z', '2026-12-07T11:00:00Z'],
  ])('allows Indonesia (%s, %s) from 08:00 to 20:00 local time', (city, zone, opens, closes) => {
    expect(contactZoneOf(Market.Indonesia, city).name).toBe(zone);
    expect(reasonAt(Market.Indonesia, city, new Date(at(opens).getTime() - 1000).toISOString())).toBe('before_hours');
    expect(reasonAt(Market.Indonesia, city, opens)).toBeNull();
    expect(reasonAt(Market.Indonesia, city, new Date(at(closes).getTime() - 60_000).toISOString())).toBeNull();
    expect(reasonAt(Market.Indonesia, city, closes)).toBe('after_hours');
  });

  it('refuses Indonesia on a Sunday and on a national holiday, by the borrower’s own date', () => {
    expect(reasonAt(Market.Indonesia, null, '2026-12-06T05:00:00Z')).toBe('sunday');
    expect(reasonAt(Market.Indonesia, null, '2026-12-25T05:00:00Z')).toBe('holiday');
    // 23:30 UTC on Saturday 5 Dec is Sunday 08:30 in Jayapura
    expect(reasonAt(Market.Indonesia, 'Jayapura', '2026-12-05T23:30:00Z')).toBe('sunday');
  });

  it('refuses beyond the daily cap', () => {
    const zone = contactZoneOf(Market.India, null);
    expect(conductRefusal({ market: Market.India, zone, at: at('2026-12-07T05:00:00Z'), contactsThatDay: 2, dailyCap: 3 })).toBeNull();
    expect(conductRefusal({ market: Market.India, zone, at: at('2026-12-07T05:00:00Z'), contactsThatDay: 3, dailyCap: 3 })?.reason).toBe(
      'daily_cap',
    );
  });

  it('keeps the holiday table sorted, without repeats, within 2026–2027', () => {
    const dates = INDONESIA_HOLIDAYS.map((holiday) => holiday.date);
    expect([...dates].sort()).toEqual(dates);
    expect(new Set(dates).size).toBe(dates.length);
    expect(dates.every((date) => date.startsWith('2026') || date.startsWith('2027'))).toBe(true);
  });

  it('narrows an automated message’s window to the borrower’s hours, and to none on a Sunday', () => {
    const zone = contactZoneOf(Market.Indonesia, 'Jayapura');
    const wib = contactZoneOf(Market.Indonesia, null);
    const window = { opensAt: instantAt('2026-12-07', 8, wib), closesAt: instantAt('2026-12-07', 19, wib) };
    expect(contactWindowWithin(Market.Indonesia, zone, window)).toEqual({
      opensAt: window.opensAt,
      closesAt: instantAt('2026-12-07', 20, zone),
    });
    const sunday = { opensAt: instantAt('2026-12-06', 8, wib), closesAt: instantAt('2026-12-06', 19, wib) };
    expect(contactWindowWithin(Market.Indonesia, wib, sunday)).toBeNull();
  });

  it('never allows a contact the window says is outside the hours', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2026-01-01'), max: Date.parse('2027-12-31') }),
        fc.constantFrom(null, 'Makassar', 'Ambon'),
        (ms, city) => {
          const zone = contactZoneOf(Market.Indonesia, city);
          const refusal = conductRefusal({ market: Market.Indonesia, zone, at: new Date(ms) });
          const minute = new Date(ms + zone.offsetMinutes * 60_000).getUTCHours();
          if (minute < 8 || minute >= 20) expect(refusal).not.toBeNull();
        },
      ),
    );
  });
});
