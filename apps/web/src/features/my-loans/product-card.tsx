import { interpolate, type Market } from '@kilat/contract';
import type { LoanProduct } from '@kilat/contract/schemas';
import { Link } from 'wouter';
import { formatMoney, formatRate } from '@/shared/format';
import { useT } from '@/shared/i18n';
import { ProductLogo } from '@/shared/ui/product-logo';
import { applyHref, productDetailHref } from './loan-rules';
import styles from './my-loans.module.css';
import type { MyLoansTexts } from './texts';

type ProductProps = { product: LoanProduct; market: Market; texts: MyLoansTexts };

/** The terms a product offers, as one phrase: '91 days', '91, 120 or 180 days'. */
export const termsText = (options: readonly number[], texts: Pick<MyLoansTexts, 'productTerm' | 'termOr'>): string => {
  const days = options.length > 1 ? `${options.slice(0, -1).join(', ')} ${texts.termOr} ${options.at(-1)}` : String(options[0] ?? '');
  return interpolate(texts.productTerm, { days });
};

/** A product's amount range, term and daily rate, on main's cards and on product detail. */
export function ProductFigures({ product, market, texts }: ProductProps) {
  const money = (minor: number) => formatMoney(minor, market);
  return (
    <dl className={styles.figures}>
      <div>
        <dt>{texts.amountRangeLabel}</dt>
        <dd className={styles.money}>
          {interpolate(texts.productRange, { min: money(product.amountMin), max: money(product.amountMax) })}
        </dd>
      </div>
      <div>
        <dt>{texts.termLabel}</dt>
        {/* every term the application offers, not only the one the example uses (issue 48) */}
        <dd>{termsText(product.termOptions ?? [product.termDays], texts)}</dd>
      </div>
      <div>
        <dt>{texts.rateLabel}</dt>
        <dd>{interpolate(texts.productRate, { rate: formatRate(product.dailyRateBps, market) })}</dd>
      </div>
    </dl>
  );
}

/** A product's logo and name, the name a heading of the level its page gives it. */
export function ProductHead({ product, level, id }: { product: LoanProduct; level: 'h2' | 'h3'; id?: string }) {
  const Heading = level;
  return (
    <div className={styles.head}>
      <ProductLogo className={styles.logo} src={product.productLogo} name={product.productName} />
      <Heading id={id} className={styles.name}>
        {product.productName}
      </Heading>
    </div>
  );
}

/** One product on main: logo, name, amount range, term, rate and apply. */
export function ProductCard({ product, market, texts }: ProductProps) {
  const t = useT();
  return (
    <li className={styles.card}>
      <ProductHead product={product} level="h3" />
      <ProductFigures product={product} market={market} texts={texts} />
      <Link href={productDetailHref(product.productId)} className={styles.detailsLink}>
        {interpolate(texts.productDetails, { name: product.productName })}
      </Link>
      <Link
        href={applyHref(product.productId)}
        className="button button-primary button-block"
        aria-label={`${t('apply')} — ${product.productName}`}
      >
        {t('apply')}
      </Link>
    </li>
  );
}
