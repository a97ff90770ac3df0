import { interpolate } from '@kilat/contract';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'wouter';
import { CouponChoice } from '@/shared/coupons/coupon-choice';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket } from '@/shared/i18n';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { Page } from '@/shared/ui';
import { usePaymentResult } from '../api/get-payment-result';
import { amountOf, paymentResultHref, readPayWayParams } from '../hand-over';
import { useOpenUpiPayment } from './api/open-upi-payment';
import { upiTexts } from './texts';
import styles from './upi-payment.module.css';
import { isUpiIntent, PHONE_MEDIA, upiViewOf } from './upi-rules';

const never = () => () => {};
/** Whether this is a phone; false while the server renders and while hydrating, so both agree. */
const useIsPhone = () =>
  useSyncExternalStore(
    never,
    () => window.matchMedia(PHONE_MEDIA).matches,
    () => false,
  );

/**
 * Pay by UPI (issue 51, decision 240), from pay-way in India: the amount, then a UPI code for
 * exactly that amount — on a phone the link that opens the borrower's UPI app, on a desktop its QR
 * — and its expiry. Only the gateway's webhook says it is paid; this page asks until it knows, and
 * then shows the payment result screen, as a card payment does.
 */
export default function UpiPaymentPage() {
  const texts = useContent(upiTexts);
  const market = useMarket();
  const [, navigate] = useLocation();
  const params = useMemo(() => readPayWayParams(pageParam, getQueryContext()), []);
  const amount = amountOf(params.withholdingAmount);
  const upi = useOpenUpiPayment();
  const code = upi.data;
  // the coupon chosen on pay-way or here (issue 50): the server computes what it takes off
  const [couponId, setCouponId] = useState(params.couponId);
  const view = upiViewOf(useIsPhone());
  const result = usePaymentResult(params.orderId, code?.paymentId ?? '', { silent: true });
  const resultHref = code ? paymentResultHref(params.productId, params.orderId, code.paymentId, getQueryContext()) : '';
  const outcome = result.data?.outcome;

  // the webhook came: paid or declined, the result screen tells the borrower, as after a card
  useEffect(() => {
    if (resultHref && outcome && outcome !== 'pending') navigate(resultHref, { replace: true });
  }, [outcome, resultHref, navigate]);

  const onStart = () => {
    if (amount === undefined || upi.isRunning() || upi.isSuccess) return;
    // the client shows a refusal's message (more than is owed, nothing owed), and the button works again
    upi.mutate({ orderId: params.orderId, amount, purpose: params.purpose, couponId: couponId || undefined });
  };

  // what the code collects: the amount less the coupon, once the server has said
  const money = amount === undefined ? '' : formatMoney(code ? code.amount : amount, market);
  const qr = code && (
    <figure>
      <figcaption>{texts.qrTitle}</figcaption>
      <img className={styles.qr} src={code.qrImage} alt={interpolate(texts.qrAlt, { amount: money })} width={260} height={260} />
    </figure>
  );

  return (
    <Page title={texts.title} back>
      {amount === undefined ? (
        <p role="alert">{texts.noAmount}</p>
      ) : (
        <>
          <section className="panel amount-summary" aria-labelledby="upi-amount">
            <h2 id="upi-amount" className="amount-label">
              {texts.amount}
            </h2>
            <p className="amount-figure">{money}</p>
          </section>
          {params.purpose === 'repay' && (
            <CouponChoice
              orderId={params.orderId}
              amount={amount}
              market={market}
              chosen={couponId}
              onChoose={setCouponId}
              disabled={Boolean(code) || upi.isPending}
              applied={code?.couponMoney}
            />
          )}
          {!code ? (
            <>
              <p className={styles.explanation}>{texts.explanation}</p>
              <button type="button" className="button button-primary button-block" disabled={upi.isPending} onClick={onStart}>
                {texts.start}
              </button>
            </>
          ) : (
            <section aria-live="polite">
              {view === 'intent' && isUpiIntent(code.intentUrl) ? (
                <>
                  <a href={code.intentUrl} className="button button-primary button-block">
                    {texts.openApp}
                  </a>
                  <details className={styles.more}>
                    <summary>{texts.showQr}</summary>
                    {qr}
                  </details>
                </>
              ) : (
                qr
              )}
              <p className={styles.expiry}>{interpolate(texts.expires, { time: code.expiryTime })}</p>
              <p className={styles.explanation}>{texts.afterPaying}</p>
              <Link href={resultHref} replace className="button button-block">
                {texts.paid}
              </Link>
            </section>
          )}
        </>
      )}
    </Page>
  );
}
