import { useEffect, useMemo, useRef } from 'react';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket } from '@/shared/i18n';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { amountOf, readPayWayParams } from '@/shared/repay-hand-over';
import { Page } from '@/shared/ui';
import { openCheckout } from './api/open-checkout';
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
  const busy = useRef(false);

  // coming back from the checkout through the back-forward cache: the page may be used again
  useEffect(() => {
    const release = () => {
      busy.current = false;
    };
    window.addEventListener('pageshow', release);
    return () => window.removeEventListener('pageshow', release);
  }, []);

  const onContinue = async () => {
    if (amount === undefined || busy.current) return;
    busy.current = true;
    try {
      const { userId } = getQueryContext();
      const { url } = await openCheckout({ userId: userId || undefined, orderId: params.orderId, amount, purpose: params.purpose });
      // the browser leaves for the checkout (spec §7): keep the guard up so a second tap cannot open another
      window.location.assign(url);
    } catch {
      // the client has shown the server's message
      busy.current = false;
    }
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
          <p className={styles.explanation}>{texts.explanation}</p>
          <button type="button" className="button button-primary button-block" onClick={onContinue}>
            {texts.continue}
          </button>
        </>
      )}
    </Page>
  );
}
