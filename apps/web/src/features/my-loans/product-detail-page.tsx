import { interpolate, salaryFloorMinor } from '@kilat/contract';
import type { LoanProductDetail } from '@kilat/contract/schemas';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { pageParam } from '@/shared/query-context';
import { DetailRows, Empty, Page, QueryState } from '@/shared/ui';
import { useLoanProductDetail } from './api/get-loan-product-detail';
import { applyHref } from './loan-rules';
import styles from './my-loans.module.css';
import { ProductFigures, ProductHead } from './product-card';
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
        <ProductHead product={product} level="h2" id="product-name" />
        {product.description && <p className={styles.intro}>{product.description}</p>}
        <ProductFigures product={product} market={market} texts={texts} />
      </section>

      <section className={styles.card} aria-labelledby="prices">
        <h2 id="prices" className={styles.sectionTitle}>
          {texts.pricesTitle}
        </h2>
        <DetailRows className={styles.example} rows={detail.prices.map((row) => ({ key: row.text, label: row.text, value: row.value }))} />
      </section>

      <section className={styles.card} aria-labelledby="example">
        <h2 id="example" className={styles.sectionTitle}>
          {texts.exampleTitle}
        </h2>
        <p className={styles.intro}>{interpolate(texts.exampleIntro, { amount: money(example.amount), days: product.termDays })}</p>
        <DetailRows
          className={styles.example}
          rows={[
            { label: texts.exampleInterest, value: money(example.interest) },
            { label: texts.exampleFee, value: money(example.fee) },
            { label: <strong>{texts.exampleTotal}</strong>, value: <strong>{money(example.total)}</strong>, key: 'total' },
            { label: texts.exampleApr, value: example.apr },
          ]}
        />
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
  return (
    <Page title={texts.detailTitle} back home>
      <div className="card-list">
        {/* an unknown or withdrawn product: the page says so instead of offering a retry */}
        <QueryState query={detail} onError={<Empty description={texts.notFound} />}>
          {(data) => <Detail detail={data} texts={texts} />}
        </QueryState>
      </div>
    </Page>
  );
}
