import { describe, expect, it } from 'vitest';
import { weekdayOf } from './business-date.js';
import { addMarketWorkingDays, GrievanceRule, grievanceClock, grievanceDeadline, isWorkingDay } from './grievance-deadline.js';
import { HOLIDAYS_KNOWN_UNTIL, PUBLIC_HOLIDAYS } from './public-holidays.js';

describe('India: the RBI Ombudsman after 30 days', () => {
  it('gives the lender 30 calendar days, holidays and weekends included', () => {
    // received on Friday 1 May 2026 (Buddha Purnima): the 30th day after is Sunday 31 May
    expect(grievanceDeadline('IN', '2026-05-01')).toBe('2026-05-31');
    expect(grievanceDeadline('IN', '2026-12-20')).toBe('2027-01-19');
  });

  it('lets the borrower go to the ombudsman the day after the 30th day, or once the complaint is answered', () => {
    expect(grievanceClock('IN', '2026-05-01', '2026-05-31')).toMatchObject({ daysLeft: 0, mayEscalate: false });
    expect(grievanceClock('IN', '2026-05-01', '2026-06-01')).toMatchObject({ daysLeft: -1, mayEscalate: true });
    expect(grievanceClock('IN', '2026-05-01', '2026-05-10', { answeredOn: '2026-05-09' })).toMatchObject({
      daysLeft: 21,
      mayEscalate: true,
      needsEscalation: false,
    });
  });

  it('tells the desk to act three days before the deadline and after it, while the complaint is unanswered', () => {
    expect(grievanceClock('IN', '2026-05-01', '2026-05-27').needsEscalation).toBe(false);
    expect(grievanceClock('IN', '2026-05-01', '2026-05-28').needsEscalation).toBe(true);
    expect(grievanceClock('IN', '2026-05-01', '2026-06-05').needsEscalation).toBe(true);
  });
});

describe("Indonesia: 10 working days, once extended by 10, with the market's holidays", () => {
  it('skips weekends and national holidays', () => {
    // received Monday 16 March 2026: Nyepi (19th), Idul Fitri (20th, 21st) and the weekends do not count
    expect(addMarketWorkingDays('2026-03-16', 10, 'ID')).toBe('2026-04-01');
    expect(grievanceDeadline('ID', '2026-03-16')).toBe('2026-04-01');
    // extended once: 10 more working days; Good Friday (3 April) does not count
    expect(grievanceDeadline('ID', '2026-03-16', true)).toBe('2026-04-16');
  });

  it('counts a plain fortnight without holidays as 10 working days', () => {
    // Monday 2 November 2026: two working weeks later is Monday 16 November
    expect(grievanceDeadline('ID', '2026-11-02')).toBe('2026-11-16');
  });

  it('does not take India’s holidays for Indonesia’s, nor the other way round', () => {
    expect(isWorkingDay('2026-03-04', 'ID')).toBe(true); // Holi
    expect(isWorkingDay('2026-03-04', 'IN')).toBe(false);
    expect(isWorkingDay('2026-08-17', 'IN')).toBe(true); // Hari Kemerdekaan
    expect(isWorkingDay('2026-08-17', 'ID')).toBe(false);
  });

  it('shows the days left to the answer, and the way to OJK once they are spent', () => {
    expect(grievanceClock('ID', '2026-11-02', '2026-11-02')).toMatchObject({
      deadline: '2026-11-16',
      daysLeft: 14,
      needsEscalation: false,
    });
    expect(grievanceClock('ID', '2026-11-02', '2026-11-17')).toMatchObject({ daysLeft: -1, mayEscalate: true, needsEscalation: true });
  });
});

describe('the holiday table', () => {
  it('holds real calendar dates only, all within the years it claims to know', () => {
    for (const table of Object.values(PUBLIC_HOLIDAYS)) {
      for (const date of Object.keys(table)) {
        expect(new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(date);
        expect(date <= HOLIDAYS_KNOWN_UNTIL).toBe(true);
      }
    }
  });

  it('names the fixed-date national days of each market', () => {
    expect(PUBLIC_HOLIDAYS.IN['2026-01-26']).toBe('Republic Day');
    expect(PUBLIC_HOLIDAYS.IN['2027-08-15']).toBe('Independence Day');
    expect(PUBLIC_HOLIDAYS.ID['2027-08-17']).toBe('Hari Kemerdekaan Republik Indonesia');
    expect(weekdayOf('2026-04-03')).toBe(5); // Good Friday is a Friday
  });

  it('a working day is never a weekend', () => {
    expect(isWorkingDay('2026-11-07', 'ID')).toBe(false);
    expect(isWorkingDay('2026-11-08', 'IN')).toBe(false);
    expect(GrievanceRule.indiaDays).toBe(30);
  });
});
