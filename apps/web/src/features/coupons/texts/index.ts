import type { ContentLoaders } from '@/shared/i18n';
import type { CouponsTexts } from './en-IN';

export type { CouponsTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const couponsTexts: ContentLoaders<CouponsTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
