import { interpolate, MarketTerms } from '@kilat/contract';
import type { MyOrder } from '@kilat/contract/schemas';
import { Link } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { UnreadMessagesLink } from '@/shared/messages/unread-messages-link';
import { Paths } from '@/shared/paths';
import { HelpLinks, Page, QueryState } from '@/shared/ui';
import { useLoanProducts } from './api/get-loan-products';
import { useMyOrders } from './api/get-my-orders';
import { currentLoan, delayHref, loanDetailsHref, mainActions, repayHref, statusHeadline } from './loan-rules';
import styles from './my-loans.module.css';
import { ProductCard } from './product-card';
import type { MyLoansTexts } from './texts';
import { myLoansTexts } from './texts';

function CurrentLoan({ order, texts }: { order: MyOrder; texts: MyLoansTexts }) {
  const t = useT();
  const market = useMarket();
  const actions = mainActions(order);
  return (
    <section className={styles.current} aria-labelledby="current-loan">
      <h2 id="current-loan" className={styles.sectionTitle}>
        {texts.currentLoan}
      </h2>
      <div className={styles.head}>
        <img className={styles.logo} src={order.productLogo} alt="" width={40} height={40} />
        <div>
          <p className={styles.name}>{order.productName}</p>
          <p className={styles.muted}>{interpolate(texts.orderNo, { orderNo: order.orderNo })}</p>
        </div>
      </div>
      <p className={styles.status} data-status={order.orderStatus}>
        {t(statusHeadline(order.orderStatus))}
      </p>
      <dl className={styles.figures}>
        <div>
          <dt>{order.amountDue > 0 ? texts.amountDue : texts.loanAmount}</dt>
          <dd className={styles.bigMoney}>{formatMoney(order.amountDue > 0 ? order.amountDue : order.amount, market)}</dd>
        </div>
        {order.dueDate && (
          <div>
            <dt>{texts.dueDate}</dt>
            <dd className="date">{order.dueDate}</dd>
          </div>
        )}
      </dl>
      {actions.repay && (
        <Link href={repayHref(order)} className="button button-primary button-block">
          {t('repay')}
        </Link>
      )}
      <div className={styles.links}>
        {actions.delay && <Link href={delayHref(order)}>{texts.delay}</Link>}
        <Link href={loanDetailsHref(order)}>{texts.viewDetails}</Link>
      </div>
    </section>
  );
}

function Products({ texts }: { texts: MyLoansTexts }) {
  const market = useMarket();
  const products = useLoanProducts();
  const terms = MarketTerms[market];
  return (
    <section aria-labelledby="loan-products">
      <h2 id="loan-products" className={styles.sectionTitle}>
        {texts.productsTitle}
      </h2>
      <p className={styles.intro}>
        {interpolate(texts.productsIntro[market], {
          min: formatMoney(terms.amountMinMinor, market),
          max: formatMoney(terms.amountMaxMinor, market),
          hours: 'creditWithinHours' in terms ? terms.creditWithinHours : '',
        })}
      </p>
      <QueryState query={products} failed={texts.loadFailed}>
        {(data) =>
          data.list.length === 0 ? (
            <p>{texts.noProducts}</p>
          ) : (
            <ul className="card-list">
              {data.list.map((product) => (
                <ProductCard key={product.productId} product={product} market={market} texts={texts} />
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}

/** Main (spec §2 names it, issue 17): the running loan with its action, or the products to apply for. */
export default function MainPage() {
  const texts = useContent(myLoansTexts);
  const orders = useMyOrders();
  return (
    <Page
      title={texts.mainTitle}
      headerExtra={
        <nav aria-label={texts.mainTitle} className={styles.headerLinks}>
          <Link href={Paths.order}>{texts.myLoans}</Link>
          <Link href={Paths.setting}>{texts.settings}</Link>
          <UnreadMessagesLink />
        </nav>
      }
    >
      <QueryState query={orders} failed={texts.loadFailed}>
        {(data) => {
          const current = currentLoan(data.list);
          return current ? <CurrentLoan order={current} texts={texts} /> : <Products texts={texts} />;
        }}
      </QueryState>
      {/* the borrower's coupons (issue 50), below the loan: the header's three links fill its line at 390 px */}
      <p>
        <Link href={Paths.coupons}>{texts.coupons}</Link>
      </p>
      <HelpLinks />
    </Page>
  );
}
