import { interpolate, type Locale, type Market } from '@kilat/contract';
import type { LoanProduct } from '@kilat/contract/schemas';
import { Link } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useT } from '@/shared/i18n';
import { applyHref, productDetailHref } from './loan-rules';
import styles from './my-loans.module.css';
import type { MyLoansTexts } from './texts/en-IN';

/** A daily rate in basis points as a percentage in the market's locale: 5 → '0.05' (India), '0,05' (Indonesia). */
export const rateText = (bps: number, locale: Locale): string =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bps / 100);

/** One product on main: logo, name, amount range, term, rate and apply. */
export function ProductCard({
  product,
  market,
  locale,
  texts,
}: {
  product: LoanProduct;
  market: Market;
  locale: Locale;
  texts: MyLoansTexts;
}) {
  const t = useT();
  const money = (minor: number) => formatMoney(minor, market);
  return (
    <li className={styles.card}>
      <div className={styles.head}>
        <img className={styles.logo} src={product.productLogo} alt="" width={40} height={40} />
        <h3 className={styles.name}>{product.productName}</h3>
      </div>
      <dl className={styles.figures}>
        <div>
          <dt>{texts.amountRangeLabel}</dt>
          <dd className={styles.money}>
            {interpolate(texts.productRange, { min: money(product.amountMin), max: money(product.amountMax) })}
          </dd>
        </div>
        <div>
          <dt>{texts.termLabel}</dt>
          <dd>{interpolate(texts.productTerm, { days: product.termDays })}</dd>
        </div>
        <div>
          <dt>{texts.rateLabel}</dt>
          <dd>{interpolate(texts.productRate, { rate: rateText(product.dailyRateBps, locale) })}</dd>
        </div>
      </dl>
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
