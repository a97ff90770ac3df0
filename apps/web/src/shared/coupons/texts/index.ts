import type { ContentLoaders } from '@/shared/i18n';
import type { CouponChoiceTexts } from './en-IN';

export type { CouponChoiceTexts };

/** The coupon choice's texts per locale, loaded on first use (one pack per market). */
export const couponChoiceTexts: ContentLoaders<CouponChoiceTexts> = {
  'en-IN': () => import('./en-IN'),
  'id-ID': () => import('./id-ID'),
};
