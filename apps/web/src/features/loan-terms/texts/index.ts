import type { ContentLoaders } from '@/shared/i18n';
import type { LoanTermsTexts } from './en-IN';

export type { LoanTermsTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const loanTermsTexts: ContentLoaders<LoanTermsTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
