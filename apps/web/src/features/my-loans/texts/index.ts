import type { ContentLoaders } from '@/shared/i18n';
import type { MyLoansTexts } from './en-IN';

export type { MyLoansTexts };

/** The feature's texts per locale; module-level so that both pages share the loaders. */
export const myLoansTexts: ContentLoaders<MyLoansTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
