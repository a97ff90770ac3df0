import { Market } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { localHourOn, reminderKey, sendingWindow } from './due-reminders.js';

describe('the reminders’ sending window', () => {
  it('finds 08:00 and 19:00 local time in each market’s zone', () => {
    // India is UTC+05:30, Jakarta UTC+07:00, neither with daylight saving
    expect(localHourOn('2026-11-25', 8, Market.India).toISOString()).toBe('2026-11-25T02:30:00.000Z');
    expect(localHourOn('2026-11-25', 19, Market.India).toISOString()).toBe('2026-11-25T13:30:00.000Z');
    expect(localHourOn('2026-11-25', 8, Market.Indonesia).toISOString()).toBe('2026-11-25T01:00:00.000Z');
    expect(localHourOn('2026-01-01', 8, Market.Indonesia).toISOString()).toBe('2026-01-01T01:00:00.000Z');
  });

  it('is closed for the day from 19:00 local on', () => {
    const at = (iso: string) => sendingWindow(new Date(iso), Market.India, '2026-11-25').isClosedForTheDay;
    expect(at('2026-11-25T13:29:59Z')).toBe(false);
    expect(at('2026-11-25T13:30:00Z')).toBe(true);
  });

  it('keys a reminder by order, period, due date and kind', () => {
    expect(reminderKey(42, 1, '2026-11-25', 'tomorrow')).toBe('reminder:42:1:2026-11-25:tomorrow');
    expect(reminderKey(42, 1, '2026-12-09', 'tomorrow')).not.toBe(reminderKey(42, 1, '2026-11-25', 'tomorrow'));
  });
});
