import { useLocale } from '@/shared/i18n';
import type { CouponChoiceTexts } from './en-IN';
import en from './en-IN';
import id from './id-ID';

export type { CouponChoiceTexts };

/**
 * The coupon choice's texts in the chosen language. Bundled, not loaded on first use: the choice sits
 * on pages rendered on the server (pay-way, decision 168), and a pack still loading would hold back
 * their hydration — the borrower's first tap would do nothing.
 */
export const useCouponChoiceTexts = (): CouponChoiceTexts => (useLocale() === 'id-ID' ? id : en);
