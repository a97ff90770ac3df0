/** The Coupons room's browser-safe values (decision 254): where the per-day figures download as CSV. */
export const COUPON_FIGURES_EXPORT_PATH = '/coupon-figures/export';
