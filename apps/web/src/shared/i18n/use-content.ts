import { type Locale, localeOf } from '@kilat/contract';
import { use } from 'react';
import { useLocale, useMarket } from './i18n-provider';
import { readableWhenLoaded } from './readable-promise';

export type ContentLoaders<T> = Record<Locale, () => Promise<{ default: T }>>;

const loaded = new WeakMap<() => Promise<unknown>, Promise<unknown>>();

const contentOf = <T>(loader: () => Promise<{ default: T }>): Promise<T> => {
  let pending = loaded.get(loader) as Promise<T> | undefined;
  if (!pending) {
    pending = readableWhenLoaded(loader().then((module) => module.default));
    loaded.set(loader, pending);
  }
  return pending;
};

/** Loads a feature's texts in `locale` ahead of a switch to it. */
export const preloadContent = <T>(loaders: ContentLoaders<T>, locale: Locale): Promise<T> => contentOf(loaders[locale]);

/**
 * A feature's long texts for the active locale, loaded on first use and cached per loader.
 * Declare the loaders at module level so that the same functions come back on every render:
 *   const texts = { 'en-IN': () => import('./texts/en-IN'), 'id-ID': () => import('./texts/id-ID') };
 * `language: 'market'` is for the legal documents written per market (privacy policy, loan
 * terms): their binding text is the market's, whatever language the borrower chose (decision 111).
 */
export const useContent = <T>(loaders: ContentLoaders<T>, language: 'chosen' | 'market' = 'chosen'): T => {
  const chosen = useLocale();
  const market = useMarket();
  return use(contentOf(loaders[language === 'market' ? localeOf(market) : chosen]));
};
