/** Which language pack a response speaks: the market param, else the session's market, else Accept-Language, else Indonesian. */
import { interpolate, Locale, Market, type MessageKey, type Messages } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import type { FastifyRequest } from 'fastify';

const packs: Record<Locale, Messages> = { [Locale.India]: enIN, [Locale.Indonesia]: idID };

const localeFromAcceptLanguage = (header: string | undefined): Locale | null => {
  if (!header) return null;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('en')) return Locale.India;
    if (tag.startsWith('id') || tag.startsWith('in')) return Locale.Indonesia;
  }
  return null;
};

/** The `market` common param speaks for the page: 'IN' is India, any other value Indonesia. */
export const marketParamOf = (request: FastifyRequest): Market | null => {
  const market = (request.query as Record<string, unknown> | undefined)?.market;
  if (typeof market !== 'string' || market === '') return null;
  return market.toUpperCase() === Market.India ? Market.India : Market.Indonesia;
};

export const requestLocale = (request: FastifyRequest): Locale => {
  const market = marketParamOf(request) ?? request.borrower?.market ?? null;
  if (market) return market === Market.India ? Locale.India : Locale.Indonesia;
  return localeFromAcceptLanguage(request.headers['accept-language']) ?? Locale.Indonesia;
};

/** The contract's text of `key` in one language, for answers and pages that carry text rather than an error. */
export const textIn = (locale: Locale, key: MessageKey): string => packs[locale][key];

export const messageFor = (request: FastifyRequest, key: MessageKey, values?: Record<string, string | number>): string =>
  interpolate(textIn(requestLocale(request), key), values);

/** The market a call is about: the same precedence as the language. */
export const requestMarket = (request: FastifyRequest): Market =>
  requestLocale(request) === Locale.India ? Market.India : Market.Indonesia;
