/** Business dates are ISO calendar days ('YYYY-MM-DD') in the market's own time zone; pure arithmetic, no I/O. */
import { type Market, MarketTimeZone } from '@kilat/contract';

export { MarketTimeZone };

export type BusinessDate = string;

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

// the ledger replay does date arithmetic for every day of every overdue order: parsed and printed
// dates are remembered (a few thousand distinct days in any run)
const dayNumbers = new Map<BusinessDate, number>();
const dates = new Map<number, BusinessDate>();

const dayNumber = (date: BusinessDate): number => {
  const known = dayNumbers.get(date);
  if (known !== undefined) return known;
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`not an ISO date: ${date}`);
  const day = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / MS_PER_DAY;
  // Date.UTC rolls 2026-02-31 over to March: only real calendar days are remembered as such
  if (fromDayNumber(day) !== date) throw new RangeError(`not a calendar date: ${date}`);
  dayNumbers.set(date, day);
  return day;
};

const fromDayNumber = (day: number): BusinessDate => {
  let date = dates.get(day);
  if (date === undefined) {
    date = new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
    dates.set(day, date);
  }
  return date;
};

export const addDays = (date: BusinessDate, days: number): BusinessDate => fromDayNumber(dayNumber(date) + days);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: BusinessDate, to: BusinessDate): number => dayNumber(to) - dayNumber(from);

const formatters = new Map<string, Intl.DateTimeFormat>();

// Every zone's offset from UTC since 1970 is a whole number of quarter hours, so a zone's date
// cannot change inside a quarter hour of UTC: each zone's quarters are remembered with their dates
// (the formatter costs microseconds; a request asks for today several times, and my orders the
// date of every order's application), up to QUARTERS_KEPT a zone, then forgotten together
const QUARTER_HOUR_MS = 900_000;
const QUARTERS_KEPT = 4096;
const quartersOf = new Map<string, Map<number, BusinessDate>>();

/** The calendar day an instant falls on in a market ('en-CA' formats as YYYY-MM-DD). */
export const businessDateAt = (instant: Date, market: Market): BusinessDate => {
  const zone = MarketTimeZone[market];
  const quarter = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  let quarters = quartersOf.get(zone);
  const known = quarters?.get(quarter);
  if (known !== undefined) return known;
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, formatter);
  }
  const date = formatter.format(instant);
  if (!(quarter >= 0)) return date; // before 1970 offsets were not all quarter hours
  if (!quarters || quarters.size >= QUARTERS_KEPT) {
    quarters = new Map();
    quartersOf.set(zone, quarters);
  }
  quarters.set(quarter, date);
  return date;
};

/** The day of the week of a business date: 0 Sunday … 6 Saturday. */
export const weekdayOf = (date: BusinessDate): number => (((dayNumber(date) + 4) % 7) + 7) % 7;

/**
 * The date `days` working days after `date`: Saturdays and Sundays do not count (public holidays
 * are not known to Kilat yet, so an offer is valid a day longer rather than shorter around them).
 */
export const addWorkingDays = (date: BusinessDate, days: number): BusinessDate => {
  let day = date;
  for (let counted = 0; counted < days; ) {
    day = addDays(day, 1);
    const weekday = weekdayOf(day);
    if (weekday !== 0 && weekday !== 6) counted += 1;
  }
  return day;
};
