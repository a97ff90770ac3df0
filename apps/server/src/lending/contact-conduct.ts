/**
 * When a borrower may be contacted about a debt (issue 46 §4, decision 211). India: 08:00–19:00 IST,
 * every day (RBI circular on recovery agents, 12 Aug 2022). Indonesia: 08:00–20:00 in the
 * borrower's own time (WIB, WITA or WIT by their city, WIB when unknown), Monday to Saturday, never
 * on a national holiday or collective leave day (POJK 22/2023 art. 62, SEOJK 19/2023). At most
 * `dailyCap` contacts a borrower's local day across all collectors. Pure: the server refuses with
 * the reason this returns.
 */
import { Market } from '@kilat/contract';
import { addDays, type BusinessDate, weekdayOf } from './business-date.js';

export interface ContactZone {
  name: 'IST' | 'WIB' | 'WITA' | 'WIT';
  offsetMinutes: number;
}

const IST: ContactZone = { name: 'IST', offsetMinutes: 330 };
const WIB: ContactZone = { name: 'WIB', offsetMinutes: 420 };
const WITA: ContactZone = { name: 'WITA', offsetMinutes: 480 };
const WIT: ContactZone = { name: 'WIT', offsetMinutes: 540 };

/** The cities of the application's list (contract cities.ts) east of WIB; every other one is WIB. */
const CITY_ZONES: Record<string, ContactZone> = {
  // WITA: Bali, Nusa Tenggara, South/East/North Kalimantan, Sulawesi
  Balikpapan: WITA,
  Banjarmasin: WITA,
  Bitung: WITA,
  Bontang: WITA,
  Denpasar: WITA,
  Gorontalo: WITA,
  Kendari: WITA,
  Kupang: WITA,
  Makassar: WITA,
  Manado: WITA,
  Mataram: WITA,
  Palu: WITA,
  Parepare: WITA,
  Samarinda: WITA,
  // WIT: Maluku, North Maluku, Papua
  Ambon: WIT,
  Jayapura: WIT,
  Sorong: WIT,
  Ternate: WIT,
};

/** The borrower's zone: India has one; in Indonesia their city's, WIB when the server does not know it. */
export const contactZoneOf = (market: Market, city: string | null | undefined): ContactZone =>
  market === Market.India ? IST : ((city ? CITY_ZONES[city] : undefined) ?? WIB);

/**
 * Indonesia's national holidays and collective leave days (cuti bersama), on which no collector
 * calls. 2026: SKB of the Ministers of Religious Affairs, Manpower and PANRB No. 1497/2025, 2/2025,
 * 5/2025 (signed 19 Sep 2025). 2027: the fixed-date holidays and the expected dates of the movable
 * ones, `provisional` until the 2027 SKB is published — then replace them (decision 211).
 */
export const INDONESIA_HOLIDAYS: readonly { date: BusinessDate; name: string; provisional?: true }[] = [
  { date: '2026-01-01', name: 'Tahun Baru Masehi' },
  { date: '2026-01-16', name: 'Isra Mikraj' },
  { date: '2026-02-16', name: 'Cuti bersama Imlek' },
  { date: '2026-02-17', name: 'Tahun Baru Imlek' },
  { date: '2026-03-18', name: 'Cuti bersama Nyepi' },
  { date: '2026-03-19', name: 'Hari Suci Nyepi' },
  { date: '2026-03-20', name: 'Cuti bersama Idul Fitri' },
  { date: '2026-03-21', name: 'Idul Fitri' },
  { date: '2026-03-22', name: 'Idul Fitri' },
  { date: '2026-03-23', name: 'Cuti bersama Idul Fitri' },
  { date: '2026-03-24', name: 'Cuti bersama Idul Fitri' },
  { date: '2026-04-03', name: 'Wafat Yesus Kristus' },
  { date: '2026-04-05', name: 'Paskah' },
  { date: '2026-05-01', name: 'Hari Buruh Internasional' },
  { date: '2026-05-14', name: 'Kenaikan Yesus Kristus' },
  { date: '2026-05-15', name: 'Cuti bersama Kenaikan Yesus Kristus' },
  { date: '2026-05-27', name: 'Idul Adha' },
  { date: '2026-05-28', name: 'Cuti bersama Idul Adha' },
  { date: '2026-05-31', name: 'Waisak' },
  { date: '2026-06-01', name: 'Hari Lahir Pancasila' },
  { date: '2026-06-16', name: 'Tahun Baru Islam' },
  { date: '2026-08-17', name: 'Proklamasi Kemerdekaan' },
  { date: '2026-08-25', name: 'Maulid Nabi Muhammad' },
  { date: '2026-12-24', name: 'Cuti bersama Natal' },
  { date: '2026-12-25', name: 'Natal' },
  { date: '2027-01-01', name: 'Tahun Baru Masehi' },
  { date: '2027-01-05', name: 'Isra Mikraj', provisional: true },
  { date: '2027-02-06', name: 'Tahun Baru Imlek', provisional: true },
  { date: '2027-03-08', name: 'Hari Suci Nyepi', provisional: true },
  { date: '2027-03-10', name: 'Idul Fitri', provisional: true },
  { date: '2027-03-11', name: 'Idul Fitri', provisional: true },
  { date: '2027-03-26', name: 'Wafat Yesus Kristus' },
  { date: '2027-03-28', name: 'Paskah' },
  { date: '2027-05-01', name: 'Hari Buruh Internasional' },
  { date: '2027-05-06', name: 'Kenaikan Yesus Kristus' },
  { date: '2027-05-17', name: 'Idul Adha', provisional: true },
  { date: '2027-05-20', name: 'Waisak', provisional: true },
  { date: '2027-06-01', name: 'Hari Lahir Pancasila' },
  { date: '2027-06-06', name: 'Tahun Baru Islam', provisional: true },
  { date: '2027-08-15', name: 'Maulid Nabi Muhammad', provisional: true },
  { date: '2027-08-17', name: 'Proklamasi Kemerdekaan' },
  { date: '2027-12-25', name: 'Natal' },
];

const HOLIDAY_ON = new Map(INDONESIA_HOLIDAYS.map((holiday) => [holiday.date, holiday.name]));

export const CONTACT_HOURS: Record<Market, { from: number; until: number; sundays: boolean; holidays: boolean }> = {
  [Market.India]: { from: 8, until: 19, sundays: true, holidays: true },
  [Market.Indonesia]: { from: 8, until: 20, sundays: false, holidays: false },
};

/** The default most contacts a borrower receives on one of their days, from every collector together. */
export const DEFAULT_DAILY_CONTACT_CAP = 3;

/** The borrower's local date and minute of the day at an instant. */
export const localTimeIn = (instant: Date, zone: ContactZone): { date: BusinessDate; minuteOfDay: number } => {
  const shifted = new Date(instant.getTime() + zone.offsetMinutes * 60_000);
  return { date: shifted.toISOString().slice(0, 10), minuteOfDay: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
};

/** The instant a local wall-clock hour happens on a date in a zone. */
export const instantAt = (date: BusinessDate, hour: number, zone: ContactZone): Date =>
  new Date(Date.parse(`${date}T00:00:00Z`) + (hour * 60 - zone.offsetMinutes) * 60_000);

export type ConductRefusal = 'before_hours' | 'after_hours' | 'sunday' | 'holiday' | 'daily_cap';

export interface ConductCheck {
  market: Market;
  zone: ContactZone;
  at: Date;
  /** contacts the borrower already had on their local day of `at`; omitted: the cap is not checked */
  contactsThatDay?: number;
  dailyCap?: number;
}

/** Why a contact at `at` is refused, in words an operator reads, or null when it is allowed. */
export const conductRefusal = (check: ConductCheck): { reason: ConductRefusal; message: string } | null => {
  const rules = CONTACT_HOURS[check.market];
  const local = localTimeIn(check.at, check.zone);
  const clock = `${String(Math.floor(local.minuteOfDay / 60)).padStart(2, '0')}:${String(local.minuteOfDay % 60).padStart(2, '0')} ${check.zone.name}`;
  const hours = `${String(rules.from).padStart(2, '0')}:00–${rules.until}:00 ${check.zone.name}`;
  if (!rules.sundays && weekdayOf(local.date) === 0) {
    return {
      reason: 'sunday',
      message: `No collection contact on a Sunday in Indonesia (POJK 22/2023): it is Sunday ${local.date} for the borrower.`,
    };
  }
  const holiday = rules.holidays ? undefined : HOLIDAY_ON.get(local.date);
  if (holiday) {
    return { reason: 'holiday', message: `No collection contact on a national holiday (POJK 22/2023): ${local.date} is ${holiday}.` };
  }
  if (local.minuteOfDay < rules.from * 60) {
    return { reason: 'before_hours', message: `Collection contact is allowed ${hours}; it is ${clock} for the borrower.` };
  }
  if (local.minuteOfDay >= rules.until * 60) {
    return { reason: 'after_hours', message: `Collection contact is allowed ${hours}; it is ${clock} for the borrower.` };
  }
  if (check.contactsThatDay !== undefined && check.contactsThatDay >= (check.dailyCap ?? DEFAULT_DAILY_CONTACT_CAP)) {
    return {
      reason: 'daily_cap',
      message: `The borrower has had ${check.contactsThatDay} collection contacts today, the most allowed in a day (${check.dailyCap ?? DEFAULT_DAILY_CONTACT_CAP}).`,
    };
  }
  return null;
};

/**
 * The part of a market-day window [opensAt, closesAt) in which the borrower may be contacted: for
 * automated messages, held until it opens and dropped once it closes; null when the day allows none.
 */
export const contactWindowWithin = (
  market: Market,
  zone: ContactZone,
  window: { opensAt: Date; closesAt: Date },
): { opensAt: Date; closesAt: Date } | null => {
  const rules = CONTACT_HOURS[market];
  // the borrower's day on which the market's window opens (east of WIB it may already be the next day)
  const { date } = localTimeIn(window.opensAt, zone);
  for (const day of [date, addDays(date, 1)]) {
    const opensAt = new Date(Math.max(window.opensAt.getTime(), instantAt(day, rules.from, zone).getTime()));
    const closesAt = new Date(Math.min(window.closesAt.getTime(), instantAt(day, rules.until, zone).getTime()));
    if (opensAt < closesAt && conductRefusal({ market, zone, at: opensAt }) === null) return { opensAt, closesAt };
  }
  return null;
};
