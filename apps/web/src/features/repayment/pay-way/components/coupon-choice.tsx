import { interpolate, type Market } from '@kilat/contract';
import { useCoupons } from '@/shared/coupons/get-coupons';
import { formatMoney } from '@/shared/format';
import styles from '../pay-way.module.css';
import type { PayWayTexts } from '../texts';

interface Props {
  orderId: string;
  /** what the repayment is before any coupon, minor units */
  amount: number;
  market: Market;
  texts: PayWayTexts;
  chosen: string;
  onChoose: (couponId: string) => void;
}

/**
 * The usable coupons for this repayment (issue 50), each with what the server says it takes off,
 * and the amount before and after the chosen one. Shows nothing when the borrower has none usable.
 */
export function CouponChoice({ orderId, amount, market, texts, chosen, onChoose }: Props) {
  const coupons = useCoupons({ orderId, amount });
  const usable = (coupons.data?.list ?? []).filter((coupon) => coupon.status === 'usable' && coupon.couponMoney > 0);
  if (usable.length === 0) return null;
  const picked = usable.find((coupon) => coupon.couponId === chosen);
  return (
    <fieldset className={styles.cards}>
      <legend className={styles.legend}>{texts.coupons}</legend>
      <p className={styles.cardNo}>{texts.couponCardOnly}</p>
      <ul className={styles.list}>
        <li>
          <label className={styles.option}>
            <input type="radio" name="coupon" className={styles.radio} value="" checked={!picked} onChange={() => onChoose('')} />
            <span className={styles.optionText}>{texts.noCoupon}</span>
          </label>
        </li>
        {usable.map((coupon) => (
          <li key={coupon.couponId}>
            <label className={styles.option}>
              <input
                type="radio"
                name="coupon"
                className={styles.radio}
                value={coupon.couponId}
                checked={picked?.couponId === coupon.couponId}
                onChange={() => onChoose(coupon.couponId)}
              />
              <span className={styles.optionText}>
                <span className={styles.bankName}>{coupon.title}</span>{' '}
                <span>{interpolate(texts.couponOff, { amount: formatMoney(coupon.couponMoney, market) })}</span>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {picked && (
        <dl className={styles.couponSums}>
          <dt>{texts.amountBefore}</dt>
          <dd>{formatMoney(amount, market)}</dd>
          <dt>{texts.couponDiscount}</dt>
          <dd>−{formatMoney(picked.couponMoney, market)}</dd>
          <dt>{texts.amountAfter}</dt>
          <dd>{formatMoney(picked.amountAfter, market)}</dd>
        </dl>
      )}
    </fieldset>
  );
}
