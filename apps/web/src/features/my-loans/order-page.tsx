import { interpolate } from '@kilat/contract';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { Empty, LoadFailed, Page, Spinner } from '@/shared/ui';
import { useMyOrders } from './api/get-my-orders';
import { loanDetailsHref, statusHeadline } from './loan-rules';
import styles from './my-loans.module.css';
import { myLoansTexts } from './texts';

/** Order (spec §2 names it, issue 17): every loan of the borrower with status, amount and dates; a tap opens loan details. */
export default function OrderPage() {
  const texts = useContent(myLoansTexts);
  const t = useT();
  const market = useMarket();
  const orders = useMyOrders();
  let content: ReactNode;
  if (orders.isPending) content = <Spinner />;
  else if (orders.isError) content = <LoadFailed message={texts.loadFailed} onRetry={() => orders.refetch()} />;
  else if (orders.data.list.length === 0)
    content = (
      <Empty description={texts.noOrders}>
        <Link href={Paths.main} className="button button-primary">
          {texts.browseProducts}
        </Link>
      </Empty>
    );
  else
    content = (
      <ul className={styles.list}>
        {orders.data.list.map((order) => (
          <li key={order.orderId}>
            <Link href={loanDetailsHref(order)} className={`${styles.card} ${styles.orderLink}`}>
              <span className={styles.head}>
                <img className={styles.logo} src={order.productLogo} alt="" width={40} height={40} />
                <span>
                  <span className={styles.name}>{order.productName}</span>
                  <span className={styles.muted}>{interpolate(texts.orderNo, { orderNo: order.orderNo })}</span>
                </span>
              </span>
              <span className={styles.status} data-status={order.orderStatus}>
                {t(statusHeadline(order.orderStatus))}
              </span>
              <span className={styles.row}>
                <span>{texts.loanAmount}</span>
                <span className={styles.money}>{formatMoney(order.amount, market)}</span>
              </span>
              {order.amountDue > 0 && (
                <span className={styles.row}>
                  <span>{texts.amountDue}</span>
                  <span className={styles.money}>{formatMoney(order.amountDue, market)}</span>
                </span>
              )}
              <span className={styles.row}>
                <span>{texts.appliedOn}</span>
                <span>{order.appliedOn}</span>
              </span>
              {order.dueDate && (
                <span className={styles.row}>
                  <span>{texts.dueDate}</span>
                  <span>{order.dueDate}</span>
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    );
  return (
    <Page title={texts.orderTitle} back={() => history.back()}>
      {content}
    </Page>
  );
}
