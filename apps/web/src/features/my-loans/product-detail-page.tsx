import { interpolate, salaryFloorMinor } from '@kilat/contract';
import type { LoanProductDetail } from '@kilat/contract/schemas';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { pageParam } from '@/shared/query-context';
import { Empty, Page, Spinner } from '@/shared/ui';
import { ProductLogo } from '@/shared/ui/product-logo';
import { useLoanProductDetail } from './api/get-loan-product-detail';
import { applyHref } from './loan-rules';
import styles from './my-loans.module.css';
import { ProductFigures } from './product-card';
import type { MyLoansTexts } from './texts';
import { myLoansTexts } from './texts';

function Detail({ detail, texts }: { detail: LoanProductDetail; texts: MyLoansTexts }) {
  const t = useT();
  const market = useMarket();
  const money = (minor: number) => formatMoney(minor, market);
  const { product, example } = detail;
  return (
    <>
      <section className={styles.card} aria-labelledby="product-name">
        <div className={styles.head}>
          <ProductLogo className={styles.logo} src={product.productLogo} name={product.productName} />
          <h2 id="product-name" className={styles.name}>
            {product.productName}
          </h2>
        </div>
        {product.description && <p className={styles.intro}>{product.description}</p>}
        <ProductFigures product={product} market={market} texts={texts} />
      </section>

      <section className={styles.card} aria-labelledby="prices">
        <h2 id="prices" className={styles.sectionTitle}>
          {texts.pricesTitle}
        </h2>
        <dl className={styles.example}>
          {detail.prices.map((row) => (
            <div key={row.text}>
              <dt>{row.text}</dt>
              <dd>{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="example">
        <h2 id="example" className={styles.sectionTitle}>
          {texts.exampleTitle}
        </h2>
        <p className={styles.intro}>{interpolate(texts.exampleIntro, { amount: money(example.amount), days: product.termDays })}</p>
        <dl className={styles.example}>
          <div>
            <dt>{texts.exampleInterest}</dt>
            <dd>{money(example.interest)}</dd>
          </div>
          <div>
            <dt>{texts.exampleFee}</dt>
            <dd>{money(example.fee)}</dd>
          </div>
          <div className={styles.total}>
            <dt>{texts.exampleTotal}</dt>
            <dd>{money(example.total)}</dd>
          </div>
          <div>
            <dt>{texts.exampleApr}</dt>
            <dd>{example.apr}</dd>
          </div>
        </dl>
        <table className={styles.table}>
          <caption className="visually-hidden">{texts.repaymentsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.repaymentDate}</th>
              <th scope="col">{texts.repaymentAmount}</th>
            </tr>
          </thead>
          <tbody>
            {example.repayments.map((repayment) => (
              <tr key={repayment.dueDate}>
                <td>{repayment.dueDate}</td>
                <td>{money(repayment.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className={styles.card} aria-labelledby="eligibility">
        <h2 id="eligibility" className={styles.sectionTitle}>
          {texts.eligibilityTitle}
        </h2>
        <p className={styles.intro}>{interpolate(texts.eligibility[market], { floor: money(salaryFloorMinor(market)) })}</p>
      </section>

      <Link href={applyHref(product.productId)} className="button button-primary button-block">
        {t('apply')}
      </Link>
    </>
  );
}

/** Product detail (spec §2 names it, issue 17): logo, name, range, term, rate, prices, a worked example, eligibility, apply. */
export default function ProductDetailPage() {
  const texts = useContent(myLoansTexts);
  const productId = useMemo(() => pageParam('productId'), []);
  const detail = useLoanProductDetail(productId);
  let content: ReactNode;
  if (detail.isPending) content = <Spinner />;
  else if (detail.isError) content = <Empty description={texts.notFound} />;
  else content = <Detail detail={detail.data} texts={texts} />;
  return (
    <Page title={texts.detailTitle} back>
      <div className={styles.list}>{content}</div>
    </Page>
  );
}
