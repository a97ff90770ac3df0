import type { ContentLoaders } from '@/shared/i18n';
import type { OfficialSiteTexts } from './en-IN';

export type { OfficialSiteTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const officialSiteTexts: ContentLoaders<OfficialSiteTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
