import { interpolate } from '@kilat/contract';
import type { WalletChannel } from '@kilat/contract/schemas';
import { type FormEvent, useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CouponChoice } from '@/shared/coupons/coupon-choice';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket } from '@/shared/i18n';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { Page } from '@/shared/ui';
import { usePaymentResult } from '../api/get-payment-result';
import { amountOf, paymentResultHref, readPayWayParams } from '../hand-over';
import { useOpenWalletPayment } from './api/open-wallet-payment';
import { walletTexts } from './texts';
import styles from './wallet-payment.module.css';
import { isWalletPage, walletChoices, walletNameOf } from './wallet-rules';

/**
 * Pay by e-wallet or QRIS (issue 51, decision 241), from pay-way in Indonesia: the amount, the
 * way to pay, then a QRIS code with its expiry (WIB), the wallet's own page, or OVO's push to the
 * borrower's phone. Only Xendit's callback says it is paid; this page asks until it knows, and then
 * shows the payment result screen. Choosing again closes what was opened before (the server's rule).
 */
export default function WalletPaymentPage() {
  const texts = useContent(walletTexts);
  const market = useMarket();
  const [, navigate] = useLocation();
  const params = useMemo(() => readPayWayParams(pageParam, getQueryContext()), []);
  const amount = amountOf(params.withholdingAmount);
  const [channel, setChannel] = useState<WalletChannel>('QRIS');
  const [phone, setPhone] = useState('');
  const phoneId = useId();
  const wallet = useOpenWalletPayment();
  const opened = wallet.data;
  // the coupon chosen on pay-way or here (issue 50): the server computes what it takes off
  const [couponId, setCouponId] = useState(params.couponId);
  const result = usePaymentResult(params.orderId, opened?.paymentId ?? '', { silent: true });
  const resultHref = opened ? paymentResultHref(params.productId, params.orderId, opened.paymentId, getQueryContext()) : '';
  const outcome = result.data?.outcome;

  // the callback came: paid or declined, the result screen tells the borrower, as after a card
  useEffect(() => {
    if (resultHref && outcome && outcome !== 'pending') navigate(resultHref, { replace: true });
  }, [outcome, resultHref, navigate]);

  const onPay = (event: FormEvent) => {
    event.preventDefault();
    if (amount === undefined || wallet.isRunning()) return;
    // the client shows a refusal's message (a wrong phone, more than is owed), and the form works again
    wallet.mutate(
      {
        orderId: params.orderId,
        amount,
        purpose: params.purpose,
        channel,
        couponId: couponId || undefined,
        ...(channel === 'OVO' ? { mobileNumber: phone } : {}),
      },
      // the wallet's own page approves the payment, then Xendit sends the borrower back to the result screen
      { onSuccess: (data) => isWalletPage(data.checkoutUrl) && window.location.assign(data.checkoutUrl) },
    );
  };

  // what is paid: the amount less the coupon, once the server has said
  const money = amount === undefined ? '' : formatMoney(opened ? opened.amount : amount, market);

  return (
    <Page title={texts.title} back>
      {amount === undefined ? (
        <p role="alert">{texts.noAmount}</p>
      ) : (
        <>
          <section className="panel amount-summary" aria-labelledby="wallet-amount">
            <h2 id="wallet-amount" className="amount-label">
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
              disabled={Boolean(opened) || wallet.isPending}
              applied={opened?.couponMoney}
            />
          )}
          {!opened || opened.checkoutUrl ? (
            <form onSubmit={onPay} noValidate>
              <fieldset className={styles.choices}>
                <legend className={styles.legend}>{texts.choose}</legend>
                <ul className={styles.list}>
                  {walletChoices.map((choice) => (
                    <li key={choice.channel}>
                      <label className={styles.option}>
                        <input
                          type="radio"
                          name="wallet"
                          value={choice.channel}
                          checked={channel === choice.channel}
                          onChange={() => setChannel(choice.channel)}
                        />
                        <span>
                          {choice.name}
                          {choice.channel === 'QRIS' && <span className={styles.hint}> · {texts.qrisHint}</span>}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
              {channel === 'OVO' && (
                <div className={styles.phone}>
                  <label htmlFor={phoneId}>{texts.phoneLabel}</label>
                  <input
                    id={phoneId}
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel-national"
                    placeholder={texts.phoneHint}
                    value={phone}
                    onChange={(event) => setPhone(event.target.value)}
                  />
                </div>
              )}
              <button type="submit" className="button button-primary button-block" aria-disabled={wallet.isPending}>
                {texts.pay}
              </button>
            </form>
          ) : (
            <section aria-live="polite">
              {opened.qrImage ? (
                <figure>
                  <figcaption>{texts.qrTitle}</figcaption>
                  <img
                    className={styles.qr}
                    src={opened.qrImage}
                    alt={interpolate(texts.qrAlt, { amount: money })}
                    width={260}
                    height={260}
                  />
                </figure>
              ) : (
                <p className={styles.note}>{interpolate(texts.approveInApp, { wallet: walletNameOf(opened.channel), amount: money })}</p>
              )}
              <p className={styles.note}>{interpolate(texts.expires, { time: opened.expiryTime })}</p>
              <p className={styles.hint}>{texts.afterPaying}</p>
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
