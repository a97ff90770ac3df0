/** The coupon choice of the repay pages (issue 50) in Bahasa Indonesia. */
import type { CouponChoiceTexts } from './en-IN';

const texts = {
  coupons: 'Kupon',
  noCoupon: 'Tanpa kupon',
  couponOff: 'potongan {amount}',
  amountBefore: 'Jumlah sebelum kupon',
  couponDiscount: 'Potongan kupon',
  amountAfter: 'Anda bayar dengan kupon',
} satisfies CouponChoiceTexts;

export default texts;
