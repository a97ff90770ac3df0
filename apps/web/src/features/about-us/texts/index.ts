import type { ContentLoaders } from '@/shared/i18n';
import type { AboutUsTexts } from './en-IN';

export type { AboutUsTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const aboutUsTexts: ContentLoaders<AboutUsTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
