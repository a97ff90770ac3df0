import type { ContentLoaders } from '@/shared/i18n';
import type { UpiTexts } from './en-IN';

export type { UpiTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const upiTexts: ContentLoaders<UpiTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
