import { interpolate, type Locale } from '@kilat/contract';
import { setDefaultLoadingText } from '@/shared/toast/toast-store';
import type { WebMessageKey, WebMessages } from './packs/en-IN';
import { readableWhenLoaded } from './readable-promise';

export type { WebMessageKey, WebMessages };
export type Translate = (key: WebMessageKey, values?: Record<string, string | number>) => string;

// each pack is its own chunk: a borrower downloads only the language they see
const packLoaders: Record<Locale, () => Promise<{ default: WebMessages }>> = {
  'en-IN': () => import('./packs/en-IN'),
  'id-ID': () => import('./packs/id-ID'),
};

const packs = new Map<Locale, Promise<WebMessages>>();

export const loadMessages = (locale: Locale): Promise<WebMessages> => {
  let pack = packs.get(locale);
  if (!pack) {
    pack = readableWhenLoaded(packLoaders[locale]().then((module) => module.default));
    packs.set(locale, pack);
  }
  return pack;
};

export const makeTranslate =
  (messages: WebMessages): Translate =>
  (key, values) =>
    interpolate(messages[key] ?? key, values);

let active: Translate = (key, values) => interpolate(key, values);

/** Makes a locale's pack the one that code outside React (the http client, toasts) speaks. */
export const activateMessages = (locale: Locale, messages: WebMessages): Translate => {
  active = makeTranslate(messages);
  setDefaultLoadingText(() => active('loading'));
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return active;
};

/** Loads and activates a locale's pack; the provider does this, and tests that run without it. */
export const activateLocale = async (locale: Locale): Promise<Translate> => activateMessages(locale, await loadMessages(locale));

/** Translates with the active pack, for code outside React components. */
export const translate: Translate = (key, values) => active(key, values);
