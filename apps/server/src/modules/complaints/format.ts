/** How complaint pages show money and times (spec §9, DESIGN §4), in the market's locale and time zone. */
import { localeOf, type Market, MarketTerms } from '@kilat/contract';
import { MarketTimeZone } from '../../lending/business-date.js';

const moneyFormats = new Map<Market, Intl.NumberFormat>();

/** Minor units divided by 100 with two decimals: `Rp 1.500.000,00`, `₹80,000.00` (the web's formatMoney says the same). */
export const formatMoney = (minor: number, market: Market): string => {
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
  return format.format(minor / 100).replace(/[\u00a0\u202f]/g, ' ');
};

const timeFormats = new Map<Market, Intl.DateTimeFormat>();

/** `yyyy-mm-dd hh:mm:ss`, zero-padded, in the market's time zone. */
export const formatDateTime = (instant: Date, market: Market): string => {
  let format = timeFormats.get(market);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: MarketTimeZone[market],
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(market, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
};

export const formatDate = (instant: Date, market: Market): string => formatDateTime(instant, market).slice(0, 10);
