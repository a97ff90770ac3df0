/** The coupon choice of the repay pages (issue 50) in English (India). */
const texts = {
  coupons: 'Coupon',
  noCoupon: 'No coupon',
  couponOff: '{amount} off',
  amountBefore: 'Amount before coupon',
  couponDiscount: 'Coupon discount',
  amountAfter: 'You pay with the coupon',
};

export type CouponChoiceTexts = typeof texts;
export default texts;
