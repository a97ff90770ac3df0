/**
 * Dates and times as the console writes them (issue 47 item 10, decision 279): one format on every
 * screen and in every refusal the console API words — `7 Dec 2026` and `7 Dec 2026, 14:05 IST` —
 * each time on its market's wall clock with the zone named. Borrowers' pages keep spec §9's format.
 */
/** a market's zone, or UTC for the operators' own records */
type Where = 'IN' | 'ID' | 'UTC';

const ZONES: Record<Where, { zone: string; label: string }> = {
  IN: { zone: 'Asia/Kolkata', label: 'IST' },
  ID: { zone: 'Asia/Jakarta', label: 'WIB' },
  UTC: { zone: 'UTC', label: 'UTC' },
};

const dateTimes = new Map<Where, Intl.DateTimeFormat>();
const dates = new Map<Where, Intl.DateTimeFormat>();

/** `7 Dec 2026, 14:05 IST`: an instant on the market's wall clock, the zone named. */
export const consoleDateTime = (instant: string | Date, where: Where): string => {
  let format = dateTimes.get(where);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONES[where].zone });
    dateTimes.set(where, format);
  }
  return `${format.format(new Date(instant))} ${ZONES[where].label}`;
};

/** `7 Dec 2026`: a business date (`YYYY-MM-DD`, a market's calendar day) or an instant's day on the market's clock. */
export const consoleDate = (value: string | Date, where: Where = 'UTC'): string => {
  // a business date is a calendar day, not an instant: read at noon UTC it is the same day in every zone we use
  const businessDate = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const zone: Where = businessDate ? 'UTC' : where;
  let format = dates.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: ZONES[zone].zone });
    dates.set(zone, format);
  }
  return format.format(new Date(businessDate ? `${value}T12:00:00Z` : value));
};
