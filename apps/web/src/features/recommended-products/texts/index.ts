import type { ContentLoaders } from '@/shared/i18n';
import type { RecommendedProductsTexts } from './en-IN';

export type { RecommendedProductsTexts };

/** The page's texts per locale, loaded on first use (one pack per market). */
export const recommendedProductsTexts: ContentLoaders<RecommendedProductsTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
