/**
 * Which language pack a response speaks: the borrower's choice in the language cookie (decision 111),
 * else the market's own — the market param, else the session's market, else Accept-Language, else Indonesian.
 */
import {
  chooseLocale,
  interpolate,
  Locale,
  languageFromCookieHeader,
  localeOf,
  Market,
  type MessageKey,
  type Messages,
} from '@kilat/contract';
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

/** The market a call is about: the market param, else the session's, else the one Accept-Language names, else Indonesia. Never the language cookie. */
export const requestMarket = (request: FastifyRequest): Market => {
  const market = marketParamOf(request) ?? request.borrower?.market ?? null;
  if (market) return market;
  return localeFromAcceptLanguage(request.headers['accept-language']) === Locale.India ? Market.India : Market.Indonesia;
};

/** The language of a response's texts: the borrower's choice, else the market's (decision 111). */
export const requestLocale = (request: FastifyRequest): Locale =>
  chooseLocale(requestMarket(request), languageFromCookieHeader(request.headers.cookie));

/** The market's own language, for content that states the market's facts (the chatbot's answers). */
export const marketLocale = (request: FastifyRequest): Locale => localeOf(requestMarket(request));

/** The contract's text of `key` in one language, for answers and pages that carry text rather than an error. */
export const textIn = (locale: Locale, key: MessageKey): string => packs[locale][key];

/** A count of days as the borrower reads it: '1 day', '10 days' (issues 46, 48: never "1 days"). */
export const dayCount = (locale: Locale, days: number): string =>
  days === 1 ? textIn(locale, 'dayCountOne') : interpolate(textIn(locale, 'dayCountMany'), { n: days });

export const messageFor = (request: FastifyRequest, key: MessageKey, values?: Record<string, string | number>): string =>
  interpolate(textIn(requestLocale(request), key), values);
