import type { ContentLoaders } from '@/shared/i18n';
import type { ApplicationTexts } from './en-IN';

export type { ApplicationTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const applicationTexts: ContentLoaders<ApplicationTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
