import type { ContentLoaders } from '@/shared/i18n';
import type { CustomerServiceTexts } from './en-IN';

export type { CustomerServiceTexts };

/** The feature's texts per locale, loaded on first use (one pack per market). */
export const customerServiceTexts: ContentLoaders<CustomerServiceTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
