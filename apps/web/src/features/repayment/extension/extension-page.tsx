import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket } from '@/shared/i18n';
import { getQueryContext } from '@/shared/query-context';
import { repayHref } from '@/shared/repay-entry';
import { DetailRows, Page, ProductLogo, QueryState } from '@/shared/ui';
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

  return (
    <Page title={texts.title} back>
      <QueryState query={offer} failed={texts.loadFailed}>
        {(delay) => (
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
            <OrderRows rows={delay.orderDetail.detail} title={texts.orderDetails} />
            {/* pay hands over to the market's repayment flow with the fee, as a delay payment (decision 019) */}
            <button
              type="button"
              className="button button-primary button-block"
              onClick={() => navigate(repayHref(market, { orderId, productId, amountMinor: delay.delayShouldPayAmount, purpose: 'delay' }))}
            >
              {texts.payNow}
            </button>
          </>
        )}
      </QueryState>
    </Page>
  );
}

/** The order's detail lines under their heading; a line with neither text nor value is left out, and so is an empty section. */
function OrderRows({ rows, title }: { rows: readonly { text: string; value: string }[]; title: string }) {
  const shown = rows.filter((row) => row.text.trim() !== '' || row.value.trim() !== '');
  if (shown.length === 0) return null;
  return (
    <section className="panel" aria-labelledby="extension-order">
      <h2 id="extension-order" className={styles.sectionTitle}>
        {title}
      </h2>
      <DetailRows rows={shown.map((row) => ({ label: row.text, value: row.value }))} />
    </section>
  );
}
