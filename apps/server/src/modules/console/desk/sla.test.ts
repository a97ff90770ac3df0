import { describe, expect, it } from 'vitest';
import { slaDueAt, slaState } from './sla.js';

// 2026-11-23 is a Monday
const at = (iso: string) => new Date(iso);

describe('the complaint SLA: a reply within 3 weekdays, weekends skipped', () => {
  it('gives a Monday complaint until Thursday at the same local time', () => {
    expect(slaDueAt(at('2026-11-23T10:00:00+05:30'), 'IN').toISOString()).toBe(at('2026-11-26T10:00:00+05:30').toISOString());
  });

  it('skips the weekend: a Thursday complaint is due on Tuesday', () => {
    expect(slaDueAt(at('2026-11-26T09:00:00+07:00'), 'ID').toISOString()).toBe(at('2026-12-01T09:00:00+07:00').toISOString());
  });

  it('counts weekends in the market time zone: Friday 23:00 in Jakarta is Friday, though Friday 16:00 UTC', () => {
    expect(slaDueAt(at('2026-11-27T23:00:00+07:00'), 'ID').toISOString()).toBe(at('2026-12-02T23:00:00+07:00').toISOString());
  });

  it('a complaint sent on Saturday is due on Wednesday', () => {
    expect(slaDueAt(at('2026-11-28T12:00:00+05:30'), 'IN').toISOString()).toBe(at('2026-12-02T12:00:00+05:30').toISOString());
  });

  it('marks open complaints ok, due soon within 24 hours, overdue after; replied ones met or missed', () => {
    const due = at('2026-11-26T10:00:00Z');
    expect(slaState(due, at('2026-11-25T09:00:00Z'), null)).toBe('ok');
    expect(slaState(due, at('2026-11-25T10:00:00Z'), null)).toBe('dueSoon');
    expect(slaState(due, at('2026-11-26T10:00:01Z'), null)).toBe('overdue');
    expect(slaState(due, at('2026-11-30T00:00:00Z'), at('2026-11-26T09:59:00Z'))).toBe('met');
    expect(slaState(due, at('2026-11-30T00:00:00Z'), at('2026-11-26T10:01:00Z'))).toBe('missed');
  });
});
