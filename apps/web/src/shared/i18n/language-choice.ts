import { chooseLocale, LANGUAGE_COOKIE, type Locale, languageFromCookieHeader, localeOf, type Market } from '@kilat/contract';
import { useSyncExternalStore } from 'react';
import { serverRequest } from '@/shared/server-request';
import { loadMessages } from './messages';

/** A year: the choice is a preference the borrower made once, not a session. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const listeners = new Set<() => void>();
// undefined until first read: the cookie is read once, at boot, and then kept here
let chosen: Locale | null | undefined;

/**
 * The language the borrower chose (decision 111), null when the pages follow the market. On the
 * server it is the request's cookie; in the browser the same cookie, so both render the same page.
 */
export const chosenLanguage = (): Locale | null => {
  const rendering = serverRequest();
  if (rendering) return rendering.language;
  if (chosen === undefined) chosen = typeof document === 'undefined' ? null : languageFromCookieHeader(document.cookie);
  return chosen;
};

/** The language the pages of `market` speak now. */
export const activeLocale = (market: Market): Locale => chooseLocale(market, chosenLanguage());

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The borrower's choice, re-rendering when it changes; the server's snapshot is the same cookie the browser reads. */
export const useChosenLanguage = (): Locale | null => useSyncExternalStore(subscribe, chosenLanguage, chosenLanguage);

/**
 * Makes `locale` the pages' language at once and for later visits. Choosing the market's own
 * language removes the cookie, so the pages follow isNeedPop again. The pack is loaded first, so
 * the switch does not blank the page while it downloads.
 */
export const chooseLanguage = async (locale: Locale, market: Market): Promise<void> => {
  await loadMessages(locale);
  const follows = locale === localeOf(market);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from many phones' WebViews
  document.cookie = follows
    ? `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
    : `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  chosen = follows ? null : locale;
  for (const listener of listeners) listener();
};

/** Forgets what was read, for tests that change the cookie themselves. */
export const forgetLanguageChoice = (): void => {
  chosen = undefined;
};
