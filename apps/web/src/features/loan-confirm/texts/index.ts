import type { ContentLoaders } from '@/shared/i18n';
import type { LoanConfirmTexts } from './en-IN';

export type { LoanConfirmTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const loanConfirmTexts: ContentLoaders<LoanConfirmTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
