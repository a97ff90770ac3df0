/**
 * One formatter per market for money, rates, dates and times (spec §9, DESIGN §4), used by every
 * page and by the server's texts (docs/decisions/055). Money and rates never break across lines:
 * the space inside an amount is a no-break space.
 *
 * Written out by hand, not with `Intl` (docs/decisions/182): the first `Intl` formatter a page makes
 * loads the browser's locale data, 20–55 ms of one task on a phone's main thread during hydration.
 * The output is what `en-IN` and `id-ID` write (format.test.ts checks it against `Intl`).
 */
import { Market } from './common-params.js';

/** Each market's own clock: business dates and shown times are read in it. */
export const MarketTimeZone: Record<Market, string> = {
  [Market.India]: 'Asia/Kolkata',
  [Market.Indonesia]: 'Asia/Jakarta',
};

/**
 * Each market's clock as an offset from UTC in minutes. Neither zone keeps summer time: India has
 * been at +05:30 since 1945, western Indonesia at +07:00 since 1964.
 */
const MARKET_UTC_OFFSET_MINUTES: Record<Market, number> = {
  [Market.India]: 5 * 60 + 30,
  [Market.Indonesia]: 7 * 60,
};

interface NumberStyle {
  /** Written before the digits (after a minus sign): `₹`, `Rp` and a no-break space, or nothing. */
  prefix: string;
  group: string;
  decimal: string;
  /** India groups thousands, then every two digits (lakh, crore): `12,34,567`. */
  indianGrouping: boolean;
}

const moneyStyles: Record<Market, NumberStyle> = {
  [Market.India]: { prefix: '₹', group: ',', decimal: '.', indianGrouping: true },
  [Market.Indonesia]: { prefix: 'Rp\u00a0', group: '.', decimal: ',', indianGrouping: false },
};

/** The integer's digits with the market's separators between their groups. */
const grouped = (digits: string, style: NumberStyle): string => {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3);
  const size = style.indianGrouping ? 2 : 3;
  const groups = [];
  for (let end = head.length; end > 0; end -= size) groups.unshift(head.slice(Math.max(0, end - size), end));
  return `${groups.join(style.group)}${style.group}${digits.slice(-3)}`;
};

/**
 * A count of hundredths written with two decimals, or with at most two and no trailing zeros.
 * Rounded half away from zero, as `Intl` does.
 */
const hundredths = (value: number, style: NumberStyle, trimZeros: boolean): string => {
  const count = Math.round(Math.abs(value));
  const sign = value < 0 && count > 0 ? '-' : '';
  const whole = grouped(String(Math.floor(count / 100)), style);
  let fraction = String(count % 100).padStart(2, '0');
  if (trimZeros) fraction = fraction.replace(/0+$/, '');
  return `${sign}${style.prefix}${whole}${fraction ? `${style.decimal}${fraction}` : ''}`;
};

/**
 * Minor units (paise, sen) divided by 100 with two decimals in the market's locale:
 * `Rp 1.500.000,00` (a no-break space after Rp), `₹80,000.00`.
 */
export const formatMoney = (minor: number, market: Market): string => hundredths(minor, moneyStyles[market], false);

/**
 * A rate in basis points as a percentage: at most two decimals, no trailing zeros, the market's
 * decimal sign, no space before `%`: `0.08%`, `5%` (India), `0,08%`, `0,1%` (Indonesia).
 */
export const formatRate = (bps: number, market: Market): string => `${hundredths(bps, { ...moneyStyles[market], prefix: '' }, true)}%`;

/**
 * An annual percentage rate in basis points, always with two decimals in the market's locale, as the
 * key fact statement states it: `33.40%`, `33,40%` beside `35,61%`, never `33,4%` (issue 48).
 */
export const formatApr = (bps: number, market: Market): string => `${hundredths(bps, { ...moneyStyles[market], prefix: '' }, false)}%`;

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
  // the market's wall clock is UTC moved by its fixed offset, read with the UTC getters
  const shifted = new Date(date.getTime() + MARKET_UTC_OFFSET_MINUTES[market] * 60_000);
  return {
    year: String(shifted.getUTCFullYear()),
    month: pad(shifted.getUTCMonth() + 1),
    day: pad(shifted.getUTCDate()),
    hour: pad(shifted.getUTCHours()),
    minute: pad(shifted.getUTCMinutes()),
    second: pad(shifted.getUTCSeconds()),
  };
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
