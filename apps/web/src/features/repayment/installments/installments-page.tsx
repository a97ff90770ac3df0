import { interpolate } from '@kilat/contract';
import { useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { CouponChoice } from '@/shared/coupons/coupon-choice';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket } from '@/shared/i18n';
import { getQueryContext } from '@/shared/query-context';
import { repayHref } from '@/shared/repay-entry';
import { Page, QueryState, UnbrokenDates } from '@/shared/ui';
import { useInstallmentPlan } from './api/get-installment-plan';
import {
  allSelected,
  canPay,
  canSelectAll,
  isClickablePeriod,
  isSinglePayment,
  selectedTotal,
  singlePaymentTotal,
  toggleAll,
  toggleFirst,
} from './installment-rules';
import styles from './installments.module.css';
import { installmentsTexts } from './texts';

/**
 * Installment repayment (spec §2, §4): pending and paid periods, the selection rules, the total and
 * pay now. A single-payment loan shows its one amount as 'Loan repayment', payable when it may be paid.
 */
export default function InstallmentsPage() {
  const texts = useContent(installmentsTexts);
  const market = useMarket();
  const [, navigate] = useLocation();
  const { productId, orderId } = useMemo(() => getQueryContext(), []);
  const plan = useInstallmentPlan(productId, orderId);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // the coupon chosen for this repayment (issue 50), handed over as the spec's couponId and couponMoney
  const [coupon, setCoupon] = useState({ couponId: '', couponMoney: 0 });

  const pending = plan.data?.repayPlanDetail.repayWaitDetail ?? [];
  const paid = plan.data?.repayPlanDetail.repayYetDetail ?? [];
  // a single-payment loan is no instalment plan (issue 30): its one amount, payable or not, without a checkbox
  const single = isSinglePayment(pending, paid);
  const total = single ? singlePaymentTotal(pending) : selectedTotal(pending, selected);

  // pay hands over to the market's repayment flow (decision 019); nothing at zero (spec §5)
  const onPay = () => {
    if (!canPay(total)) return;
    const chosen = coupon.couponId ? { couponId: coupon.couponId, couponMoney: String(coupon.couponMoney) } : {};
    navigate(repayHref(market, { orderId, productId, amountMinor: total, purpose: 'repay', ...chosen }));
  };

  return (
    <Page title={plan.data && !single ? texts.title : texts.singleTitle} back>
      <QueryState query={plan} failed={texts.loadFailed}>
        {(data) => (
          <>
            <p className={styles.product}>{data.productName}</p>
            <section aria-labelledby="installments-pending">
              <h2 id="installments-pending" className={styles.sectionTitle}>
                {texts.pending}
              </h2>
              {pending.length === 0 ? (
                <p className={styles.muted}>{texts.nothingPending}</p>
              ) : (
                <ul className={styles.list}>
                  {single && (
                    <li className={styles.period}>
                      <span className={styles.periodLabel}>
                        <span className={styles.periodText}>
                          <span className={styles.periodTitle}>{texts.singleAmount}</span>
                          <span className={styles.muted}>
                            <UnbrokenDates text={pending[0]!.repayDes || interpolate(texts.due, { date: pending[0]!.dueTime })} />
                          </span>
                        </span>
                        <span className={styles.amount}>{pending[0]!.amount}</span>
                      </span>
                    </li>
                  )}
                  {pending.map((period, index) => {
                    if (single) return null;
                    const label = `${interpolate(texts.period, { n: period.periodNo })} ${period.amount}`;
                    return (
                      <li key={period.periodNo} className={styles.period}>
                        <label className={styles.periodLabel} data-clickable={isClickablePeriod(pending, index)}>
                          <input
                            type="checkbox"
                            className={styles.checkbox}
                            checked={selected.has(period.periodNo)}
                            disabled={!isClickablePeriod(pending, index)}
                            onChange={() => setSelected(toggleFirst(pending, selected))}
                            aria-label={label}
                          />
                          <span className={styles.periodText}>
                            <span className={styles.periodTitle}>{interpolate(texts.period, { n: period.periodNo })}</span>
                            <span className={styles.muted}>
                              <UnbrokenDates text={period.repayDes || interpolate(texts.due, { date: period.dueTime })} />
                            </span>
                          </span>
                          <span className={styles.amount}>{period.amount}</span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>

            {paid.length > 0 && (
              <details className={styles.paid}>
                <summary className={styles.summary}>
                  {texts.paid} ({paid.length})
                </summary>
                <ul className={styles.list}>
                  {paid.map((period) => (
                    <li key={period.periodNo} className={styles.period}>
                      <span className={styles.periodText}>
                        <span className={styles.periodTitle}>{interpolate(texts.period, { n: period.periodNo })}</span>
                        <span className={styles.muted}>
                          <UnbrokenDates text={period.repayDes || interpolate(texts.due, { date: period.dueTime })} />
                        </span>
                      </span>
                      <span className={styles.amount}>{period.amount}</span>
                    </li>
                  ))}
                </ul>
              </details>
            )}

            {data.note && (
              <p className={styles.muted}>
                <UnbrokenDates text={data.note} />
              </p>
            )}

            {/* rendered from the start, so its texts load with the page; it offers nothing until an amount is chosen */}
            <CouponChoice
              orderId={orderId}
              amount={canPay(total) ? total : 0}
              market={market}
              chosen={coupon.couponId}
              onChoose={(couponId, couponMoney) => setCoupon({ couponId, couponMoney })}
            />
            <div className={`action-bar ${styles.footer}`}>
              {!single && (
                <label className={styles.selectAll}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    checked={allSelected(pending, selected)}
                    disabled={!canSelectAll(pending)}
                    onChange={() => setSelected(toggleAll(pending, selected))}
                  />
                  {texts.selectAll}
                </label>
              )}
              <p className={styles.total}>
                {texts.total} <output className={styles.amount}>{formatMoney(total, market)}</output>
              </p>
              {/* nothing to pay at zero (spec §5): the button says so instead of doing nothing */}
              <button type="button" className={`button button-primary ${styles.pay}`} disabled={!canPay(total)} onClick={onPay}>
                {texts.payNow}
              </button>
            </div>
            <div className="action-bar-room" />
          </>
        )}
      </QueryState>
    </Page>
  );
}
