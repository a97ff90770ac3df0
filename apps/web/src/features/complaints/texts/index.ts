import type { ContentLoaders } from '@/shared/i18n';
import type { ComplaintTexts } from './en-IN';

export type { ComplaintTexts };

/** The complaint pages' own labels per locale, loaded on first use (one pack per market). */
export const complaintTexts: ContentLoaders<ComplaintTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
