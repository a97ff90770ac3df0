import { type ReactNode, useMemo } from 'react';
import { useLocation } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket } from '@/shared/i18n';
import { getQueryContext } from '@/shared/query-context';
import { repayHref } from '@/shared/repay-hand-over';
import { LoadFailed, Page, ProductLogo, Spinner } from '@/shared/ui';
import { useDelayDetail } from './api/get-delay-detail';
import styles from './extension.module.css';
import { extensionTexts } from './texts';

/** Extension (delay) repayment (spec §2): the fee, the expiry of the offer, the order's detail lines and pay now. */
export default function ExtensionPage() {
  const texts = useContent(extensionTexts);
  const market = useMarket();
  const [, navigate] = useLocation();
  const { productId, orderId } = useMemo(() => getQueryContext(), []);
  const offer = useDelayDetail(productId, orderId);

  let content: ReactNode;
  if (offer.isPending) {
    content = <Spinner />;
  } else if (offer.isError) {
    content = <LoadFailed message={texts.loadFailed} onRetry={() => offer.refetch()} />;
  } else {
    const delay = offer.data;
    const rows = delay.orderDetail.detail.filter((row) => row.text.trim() !== '' || row.value.trim() !== '');
    content = (
      <>
        <section className="panel" aria-labelledby="extension-fee">
          <div className={styles.product}>
            <ProductLogo className={styles.logo} src={delay.productLogo} name={delay.productName} />
            <p className={styles.productName}>{delay.productName}</p>
          </div>
          <h2 id="extension-fee" className={styles.feeLabel}>
            {texts.fee}
          </h2>
          <p className={styles.fee}>{formatMoney(delay.delayShouldPayAmount, market)}</p>
          <p className={styles.expiry}>
            {texts.expiry} <time>{delay.delayExpiryTime}</time>
          </p>
        </section>
        {rows.length > 0 && (
          <section className="panel" aria-labelledby="extension-order">
            <h2 id="extension-order" className={styles.sectionTitle}>
              {texts.orderDetails}
            </h2>
            <dl className="detail-rows">
              {rows.map((row) => (
                <div key={`${row.text}-${row.value}`} className="detail-row">
                  <dt>{row.text}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
            </dl>
          </section>
        )}
        {/* pay hands over to the market's repayment flow with the fee, as a delay payment (decision 019) */}
        <button
          type="button"
          className="button button-primary button-block"
          onClick={() => navigate(repayHref(market, { orderId, productId, amountMinor: delay.delayShouldPayAmount, purpose: 'delay' }))}
        >
          {texts.payNow}
        </button>
      </>
    );
  }

  return (
    <Page title={texts.title} back>
      {content}
    </Page>
  );
}
