import { interpolate } from '@kilat/contract';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { paymentMethodKey, paymentPurposeKey } from '@/shared/i18n/payment-words';
import { repaymentReceiptHref } from '@/shared/paths';
import { pageParam } from '@/shared/query-context';
import { Empty, Page, QueryState } from '@/shared/ui';
import { useRepaymentHistory } from './api/get-repayment-history';
import styles from './repayment-history.module.css';
import { repaymentHistoryTexts } from './texts';

/**
 * Repayment history (issue 17, the peers' 'repayment record'): every paid repayment of the
 * borrower, newest first — date, amount, method, order and where the money went; a tap opens its
 * receipt. `?orderId=` narrows it to one loan.
 */
export default function RepaymentHistoryPage() {
  const texts = useContent(repaymentHistoryTexts);
  const market = useMarket();
  const t = useT();
  const orderId = useMemo(() => pageParam('orderId'), []);
  const history = useRepaymentHistory(orderId);

  return (
    <Page title={texts.historyTitle} back home>
      <QueryState query={history} failed={texts.loadFailed}>
        {({ list }) =>
          list.length === 0 ? (
            <Empty description={texts.empty} />
          ) : (
            <ul className={styles.list} aria-label={texts.listLabel}>
              {list.map((record) => (
                <li key={record.paymentId}>
                  <Link href={repaymentReceiptHref(record.paymentId)} className={`panel ${styles.record}`}>
                    <span className={styles.recordHead}>
                      <span className={styles.recordAmount}>{formatMoney(record.amount, market)}</span>
                      <time className={styles.muted}>{record.paidAt}</time>
                    </span>
                    <span className={styles.muted}>
                      {t(paymentPurposeKey[record.purpose])} ·{' '}
                      {record.method === 'offline' ? texts.methodOffline : t(paymentMethodKey[record.method])}
                      {record.receivedOn ? ` · ${texts.receivedOn} ${record.receivedOn}` : ''}
                    </span>
                    <span className={styles.muted}>
                      {record.productName} · {interpolate(texts.order, { orderNo: record.orderNo })}
                    </span>
                    <span className={styles.split}>
                      {record.allocation
                        .map((line) => `${texts.components[line.component]} ${formatMoney(line.amount, market)}`)
                        .join(' · ')}
                    </span>
                    <span className={styles.open}>
                      {texts.openReceipt} <span aria-hidden="true">›</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </Page>
  );
}
