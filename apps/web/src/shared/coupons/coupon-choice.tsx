import { interpolate, type Market } from '@kilat/contract';
import { formatMoney } from '@/shared/format';
import choices from '@/shared/ui/choice-list.module.css';
import styles from './coupon-choice.module.css';
import { useCoupons } from './get-coupons';
import { useCouponChoiceTexts } from './texts';

interface Props {
  orderId: string;
  /** what the repayment is before any coupon, minor units */
  amount: number;
  market: Market;
  chosen: string;
  /** the coupon chosen ('' for none) and what the server's list says it takes off (the spec's couponMoney, shown, never trusted) */
  onChoose: (couponId: string, couponMoney: number) => void;
  /** true while the payment is being opened: the choice is fixed */
  disabled?: boolean;
  /** what the payment opened with the chosen coupon took off, as its call answered (the server's figure) */
  applied?: number | undefined;
}

/**
 * The usable coupons for this repayment (issue 50, decision 271), each with what the server says it
 * takes off, and the amount before and after the chosen one. Every repay page offers it — pay-way,
 * installments, the virtual account and mini-market code, the checkout, UPI, e-wallets and QRIS —
 * and passes the choice on as the spec's couponId; the call that opens the payment computes the
 * discount again (the page's figure is never trusted). Shows nothing when none is usable.
 */
export function CouponChoice({ orderId, amount, market, chosen, onChoose, disabled = false, applied }: Props) {
  const texts = useCouponChoiceTexts();
  const coupons = useCoupons({ orderId, amount }, amount > 0);
  if (amount <= 0) return null;
  const usable = (coupons.data?.list ?? []).filter((coupon) => coupon.status === 'usable' && coupon.couponMoney > 0);
  // the coupon this page's payment holds is 'held' by it: it stays on the list as the chosen one
  const holding = (coupons.data?.list ?? []).filter((coupon) => coupon.status === 'held' && coupon.couponId === chosen);
  const offered = [...holding, ...usable];
  if (offered.length === 0) return null;
  const picked = offered.find((coupon) => coupon.couponId === chosen);
  const discount = picked ? (applied ?? picked.couponMoney) : 0;
  return (
    <fieldset className={choices.fieldset} disabled={disabled}>
      <legend className={choices.legend}>{texts.coupons}</legend>
      <ul className={choices.list}>
        <li>
          <label className={choices.option}>
            <input type="radio" name="coupon" className={choices.radio} value="" checked={!picked} onChange={() => onChoose('', 0)} />
            <span className={choices.optionText}>{texts.noCoupon}</span>
          </label>
        </li>
        {offered.map((coupon) => (
          <li key={coupon.couponId}>
            <label className={choices.option}>
              <input
                type="radio"
                name="coupon"
                className={choices.radio}
                value={coupon.couponId}
                checked={picked?.couponId === coupon.couponId}
                onChange={() => onChoose(coupon.couponId, coupon.couponMoney)}
              />
              <span className={choices.optionText}>
                <span className={styles.title}>{coupon.title}</span>
                {coupon.couponMoney > 0 && <span>{interpolate(texts.couponOff, { amount: formatMoney(coupon.couponMoney, market) })}</span>}
              </span>
            </label>
          </li>
        ))}
      </ul>
      {picked && discount > 0 && (
        <dl className={styles.sums}>
          <dt>{texts.amountBefore}</dt>
          <dd>{formatMoney(amount, market)}</dd>
          <dt>{texts.couponDiscount}</dt>
          <dd>−{formatMoney(discount, market)}</dd>
          <dt>{texts.amountAfter}</dt>
          <dd>{formatMoney(amount - discount, market)}</dd>
        </dl>
      )}
    </fieldset>
  );
}
