import { interpolate } from '@kilat/contract';
import type { Coupon, CouponStatus } from '@kilat/contract/schemas';
import { useCoupons } from '@/shared/coupons/get-coupons';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket } from '@/shared/i18n';
import { Empty, Page, QueryState } from '@/shared/ui';
import styles from './coupons.module.css';
import { type CouponsTexts, couponsTexts } from './texts';

/** The list's sections, in the order shown: held coupons sit with the usable ones. */
const SECTIONS: { key: 'usable' | 'used' | 'expired'; statuses: CouponStatus[] }[] = [
  { key: 'usable', statuses: ['usable', 'held'] },
  { key: 'used', statuses: ['used'] },
  { key: 'expired', statuses: ['expired'] },
];

function CouponItem({ coupon, texts }: { coupon: Coupon; texts: CouponsTexts }) {
  const market = useMarket();
  return (
    <li className={`panel ${styles.coupon}`} data-status={coupon.status}>
      <span className={styles.title}>{coupon.title}</span>
      {coupon.status === 'held' && <span className={styles.note}>{texts.held}</span>}
      <span className={styles.note}>{interpolate(texts.validUntil, { date: coupon.validUntil })}</span>
      {coupon.minAmount > 0 && (
        <span className={styles.note}>{interpolate(texts.minimum, { amount: formatMoney(coupon.minAmount, market) })}</span>
      )}
    </li>
  );
}

/** The borrower's coupons (issue 50): usable, used and expired, each with what it takes off and until when. */
export default function CouponsPage() {
  const texts = useContent(couponsTexts);
  const coupons = useCoupons();
  return (
    <Page title={texts.title} back={() => history.back()} home>
      <QueryState query={coupons} failed={texts.loadFailed}>
        {(data) =>
          data.list.length === 0 ? (
            <Empty description={texts.noCoupons} />
          ) : (
            <>
              <p className={styles.hint}>{texts.howToUse}</p>
              {SECTIONS.map((section) => {
                const list = data.list.filter((coupon) => section.statuses.includes(coupon.status));
                return (
                  <section key={section.key} aria-labelledby={`coupons-${section.key}`} className={styles.section}>
                    <h2 id={`coupons-${section.key}`} className={styles.heading}>
                      {texts[section.key]} ({list.length})
                    </h2>
                    {list.length === 0 ? (
                      <p className={styles.note}>{texts.none}</p>
                    ) : (
                      <ul className="card-list">
                        {list.map((coupon) => (
                          <CouponItem key={coupon.couponId} coupon={coupon} texts={texts} />
                        ))}
                      </ul>
                    )}
                  </section>
                );
              })}
            </>
          )
        }
      </QueryState>
    </Page>
  );
}
