import type { ContentLoaders } from '@/shared/i18n';
import type { PayWayTexts } from './en-IN';

export type { PayWayTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const payWayTexts: ContentLoaders<PayWayTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
