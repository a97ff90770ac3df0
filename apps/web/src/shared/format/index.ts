import { localeOf, type Market, MarketTerms } from '@kilat/contract';

const moneyFormats = new Map<Market, Intl.NumberFormat>();
const moneyFormat = (market: Market): Intl.NumberFormat => {
  let format = moneyFormats.get(market);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(market), {
      style: 'currency',
      currency: MarketTerms[market].currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(market, format);
  }
  return format;
};

/**
 * Minor units (paise, sen) shown divided by 100 with two decimals in the market's locale
 * (DESIGN §4): `Rp 1.500.000,00`, `₹80,000.00`. Intl's no-break spaces become plain spaces
 * so that the text is what the spec writes; amounts are styled `white-space: nowrap`.
 */
export const formatMoney = (minor: number, market: Market): string =>
  moneyFormat(market)
    .format(minor / 100)
    .replace(/[\u00a0\u202f]/g, ' ');

const pad = (n: number): string => String(n).padStart(2, '0');
const toDate = (d: Date | number | string): Date => (d instanceof Date ? d : new Date(d));

/** `YYYY-MM-DD` in local time (spec §9). */
export const formatDate = (d: Date | number | string): string => {
  const date = toDate(d);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};

/** `HH:mm:ss` in local time (spec §9). */
export const formatTime = (d: Date | number | string): string => {
  const date = toDate(d);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
};

/** `YYYY-MM-DD HH:mm:ss`. */
export const formatDateTime = (d: Date | number | string): string => `${formatDate(d)} ${formatTime(d)}`;

/** Amounts sent to the repay page have their thousands separators removed (spec §9). */
export const stripSeparators = (text: string): string => text.replace(/[\s,.'\u00a0\u202f\u2019_]/g, '');

/** A `tel:` address for a displayed phone number: digits and a leading + only. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;
