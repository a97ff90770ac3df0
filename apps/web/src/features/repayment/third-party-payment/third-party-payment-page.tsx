import { useEffect, useMemo, useState } from 'react';
import { CouponChoice } from '@/shared/coupons/coupon-choice';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket } from '@/shared/i18n';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { Page } from '@/shared/ui';
import { amountOf, readPayWayParams } from '../hand-over';
import { useOpenCheckout } from './api/open-checkout';
import { thirdPartyTexts } from './texts';
import styles from './third-party-payment.module.css';

/**
 * The third-party payment page (spec §2 #/alipayrepayment, from pay-way): the amount, what
 * happens next, and the way to the gateway's hosted checkout, which returns to borrow detail.
 */
export default function ThirdPartyPaymentPage() {
  const texts = useContent(thirdPartyTexts);
  const market = useMarket();
  const params = useMemo(() => readPayWayParams(pageParam, getQueryContext()), []);
  const amount = amountOf(params.withholdingAmount);
  const checkout = useOpenCheckout();
  const { reset } = checkout;
  // the coupon chosen on pay-way or here (issue 50): the server computes what it takes off
  const [couponId, setCouponId] = useState(params.couponId);

  // coming back from the checkout through the back-forward cache: the page may be used again
  useEffect(() => {
    window.addEventListener('pageshow', reset);
    return () => window.removeEventListener('pageshow', reset);
  }, [reset]);

  const onContinue = () => {
    // once the checkout has opened, the page stays done: a second tap while the browser leaves cannot open another
    if (amount === undefined || checkout.isRunning() || checkout.isSuccess) return;
    const { userId } = getQueryContext();
    // the client shows a failure's message, and the button works again
    checkout.mutate(
      { userId: userId || undefined, orderId: params.orderId, amount, purpose: params.purpose, couponId: couponId || undefined },
      // the browser leaves for the checkout (spec §7)
      { onSuccess: ({ url }) => window.location.assign(url) },
    );
  };

  return (
    <Page title={texts.title} back>
      {amount === undefined ? (
        <p role="alert">{texts.noAmount}</p>
      ) : (
        <>
          <section className="panel amount-summary" aria-labelledby="third-party-amount">
            <h2 id="third-party-amount" className="amount-label">
              {texts.amount}
            </h2>
            <p className="amount-figure">{formatMoney(amount, market)}</p>
          </section>
          {params.purpose === 'repay' && (
            <CouponChoice
              orderId={params.orderId}
              amount={amount}
              market={market}
              chosen={couponId}
              onChoose={setCouponId}
              disabled={checkout.isPending || checkout.isSuccess}
            />
          )}
          <p className={styles.explanation}>{texts.explanation}</p>
          <button
            type="button"
            className="button button-primary button-block"
            disabled={checkout.isPending || checkout.isSuccess}
            onClick={onContinue}
          >
            {texts.continue}
          </button>
        </>
      )}
    </Page>
  );
}
