import type { ContentLoaders } from '@/shared/i18n';
import type { LoanDetailsTexts } from './en-IN';

export type { LoanDetailsTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const loanDetailsTexts: ContentLoaders<LoanDetailsTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
