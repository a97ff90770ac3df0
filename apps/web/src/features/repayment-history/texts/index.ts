import type { ContentLoaders } from '@/shared/i18n';
import type { RepaymentHistoryTexts } from './en-IN';

export type { RepaymentHistoryTexts };

/** The history and receipt pages' texts per locale, loaded on first use (one pack per market). */
export const repaymentHistoryTexts: ContentLoaders<RepaymentHistoryTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
