import type { ContentLoaders } from '@/shared/i18n';
import type { RepayMethodTexts } from './en-IN';

export type { RepayMethodTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const repayMethodTexts: ContentLoaders<RepayMethodTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
