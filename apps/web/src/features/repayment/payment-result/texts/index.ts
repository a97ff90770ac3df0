import type { ContentLoaders } from '@/shared/i18n';
import type { PaymentResultTexts } from './en-IN';

export type { PaymentResultTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const paymentResultTexts: ContentLoaders<PaymentResultTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
