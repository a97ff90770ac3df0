import type { Locale } from '@kilat/contract';
import { use } from 'react';
import { useLocale } from './i18n-provider';

export type ContentLoaders<T> = Record<Locale, () => Promise<{ default: T }>>;

const loaded = new WeakMap<() => Promise<unknown>, Promise<unknown>>();

/**
 * A feature's long texts for the active locale, loaded on first use and cached per loader.
 * Declare the loaders at module level so that the same functions come back on every render:
 *   const texts = { 'en-IN': () => import('./texts/en-IN'), 'id-ID': () => import('./texts/id-ID') };
 */
export const useContent = <T>(loaders: ContentLoaders<T>): T => {
  const loader = loaders[useLocale()];
  let pending = loaded.get(loader) as Promise<T> | undefined;
  if (!pending) {
    pending = loader().then((module) => module.default);
    loaded.set(loader, pending);
  }
  return use(pending);
};
