import type { ContentLoaders } from '@/shared/i18n';
import type { PromotionTexts } from './en-IN';

export type { PromotionTexts };

/** The feature's texts per locale; module-level so that every page gets the same loader functions. */
export const promotionTexts: ContentLoaders<PromotionTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
