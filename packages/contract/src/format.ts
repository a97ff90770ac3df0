/**
 * One formatter per market for money, rates, dates and times (spec §9, DESIGN §4), used by every
 * page and by the server's texts (docs/decisions/055). Money and rates never break across lines:
 * the space inside an amount is a no-break space, as the market's `Intl` locale writes it.
 */
import { localeOf, Market } from './common-params.js';
import { MarketTerms } from './constants.js';

/** Each market's own clock: business dates and shown times are read in it. */
export const MarketTimeZone: Record<Market, string> = {
  [Market.India]: 'Asia/Kolkata',
  [Market.Indonesia]: 'Asia/Jakarta',
};

const moneyFormats = new Map<Market, Intl.NumberFormat>();
const rateFormats = new Map<Market, Intl.NumberFormat>();

const cached = (cache: Map<Market, Intl.NumberFormat>, market: Market, make: () => Intl.NumberFormat) => {
  let format = cache.get(market);
  if (!format) {
    format = make();
    cache.set(market, format);
  }
  return format;
};

/** Any breakable space the locale puts inside a value becomes a no-break space. */
const unbreakable = (text: string): string => text.replace(/[ \u202f]/g, '\u00a0');

/**
 * Minor units (paise, sen) divided by 100 with two decimals in the market's locale:
 * `Rp 1.500.000,00` (a no-break space after Rp), `₹80,000.00`.
 */
export const formatMoney = (minor: number, market: Market): string =>
  unbreakable(
    cached(
      moneyFormats,
      market,
      () =>
        new Intl.NumberFormat(localeOf(market), {
          style: 'currency',
          currency: MarketTerms[market].currency,
          minimumFractionDigits: 2,
          maximumFractionDigits: 2,
        }),
    ).format(minor / 100),
  );

/**
 * A rate in basis points as a percentage: at most two decimals, no trailing zeros, the market's
 * decimal sign, no space before `%`: `0.08%`, `5%` (India), `0,08%`, `0,1%` (Indonesia).
 */
export const formatRate = (bps: number, market: Market): string =>
  unbreakable(
    cached(
      rateFormats,
      market,
      () => new Intl.NumberFormat(localeOf(market), { style: 'percent', minimumFractionDigits: 0, maximumFractionDigits: 2 }),
    ).format(bps / 10_000),
  );

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const pad = (n: number): string => String(n).padStart(2, '0');
const toDate = (value: Date | number | string): Date => (value instanceof Date ? value : new Date(value));

export interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The wall clock of an instant in a market's time zone, or in the device's own when no market is given. */
export const wallClock = (value: Date | number | string, market?: Market): WallClock => {
  const date = toDate(value);
  if (!market) {
    return {
      year: String(date.getFullYear()),
      month: pad(date.getMonth() + 1),
      day: pad(date.getDate()),
      hour: pad(date.getHours()),
      minute: pad(date.getMinutes()),
      second: pad(date.getSeconds()),
    };
  }
  const zone = MarketTimeZone[market];
  let format = dateTimeFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    dateTimeFormats.set(zone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return parts as unknown as WallClock;
};

/** `YYYY-MM-DD`, zero-padded (spec §9), in the market's time zone (or the device's). */
export const formatDate = (value: Date | number | string, market?: Market): string => {
  const c = wallClock(value, market);
  return `${c.year}-${c.month}-${c.day}`;
};

/** `HH:mm:ss`, zero-padded (spec §9). */
export const formatTime = (value: Date | number | string, market?: Market): string => {
  const c = wallClock(value, market);
  return `${c.hour}:${c.minute}:${c.second}`;
};

/** `YYYY-MM-DD HH:mm:ss`, the two halves joined by a no-break space. */
export const formatDateTime = (value: Date | number | string, market?: Market): string => {
  const c = wallClock(value, market);
  return `${c.year}-${c.month}-${c.day}\u00a0${c.hour}:${c.minute}:${c.second}`;
};

/** Amounts sent to the repay page have their thousands separators removed (spec §9). */
export const stripSeparators = (text: string): string => text.replace(/[\s,.'\u00a0\u202f\u2019_]/g, '');
