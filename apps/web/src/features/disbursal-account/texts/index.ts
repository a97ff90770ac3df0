import type { ContentLoaders } from '@/shared/i18n';
import type { DisbursalAccountTexts } from './en-IN';

export type { DisbursalAccountTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const disbursalAccountTexts: ContentLoaders<DisbursalAccountTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
