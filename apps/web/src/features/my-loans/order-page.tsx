import { interpolate, OrderStatus } from '@kilat/contract';
import type { MyOrder } from '@kilat/contract/schemas';
import { Link } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { Empty, HelpLinks, Page, QueryState } from '@/shared/ui';
import { useMyOrders } from './api/get-my-orders';
import { loanDetailsHref, orderHeadline, orderHref } from './loan-rules';
import styles from './my-loans.module.css';
import { type MyLoansTexts, myLoansTexts } from './texts';

/** The borrower's loans, each a link to its details with status, amounts and dates. */
function OrderList({ orders, texts }: { orders: readonly MyOrder[]; texts: MyLoansTexts }) {
  const t = useT();
  const market = useMarket();
  return (
    <ul className="card-list">
      {orders.map((order) => (
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
              {t(orderHeadline(order))}
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
                <span className="date">{order.dueDate}</span>
              </span>
            )}
          </Link>
          <Link href={orderHref(Paths.loanStatement, order)} className={styles.statementLink}>
            {t('loanStatementLink')}
          </Link>
          {/* issue 49: a closed loan's closure (no-dues) letter */}
          {(order.orderStatus === OrderStatus.Settled || order.orderStatus === OrderStatus.ClosedEarly) && (
            <Link href={orderHref(Paths.closureLetter, order)} className={styles.statementLink}>
              {t('loanClosureLetterLink')}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Order (spec §2 names it, issue 17): every loan of the borrower with status, amount and dates; a tap opens loan details. */
export default function OrderPage() {
  const texts = useContent(myLoansTexts);
  const orders = useMyOrders();
  return (
    <Page title={texts.orderTitle} back={() => history.back()} home>
      <QueryState query={orders} failed={texts.loadFailed}>
        {(data) =>
          data.list.length === 0 ? (
            <Empty description={texts.noOrders}>
              <Link href={Paths.main} className="button button-primary">
                {texts.browseProducts}
              </Link>
            </Empty>
          ) : (
            <OrderList orders={data.list} texts={texts} />
          )
        }
      </QueryState>
      <HelpLinks />
    </Page>
  );
}
