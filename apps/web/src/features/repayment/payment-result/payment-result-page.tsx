import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@/shared/format';
import { ApiError } from '@/shared/http/api-client';
import { forgetOrderQueries } from '@/shared/http/order-queries';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { paymentMethodKey, paymentPurposeKey } from '@/shared/i18n/payment-words';
import { repaymentReceiptHref } from '@/shared/paths';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { repayHref } from '@/shared/repay-entry';
import { DetailRows, Page, QueryState, Spinner } from '@/shared/ui';
import { isPaymentId, usePaymentResult } from '../api/get-payment-result';
import { borrowDetailHref } from '../hand-over';
import styles from './payment-result.module.css';
import { paymentResultTexts } from './texts';

/**
 * The payment result screen (decision 050): success, pending or failed, with a receipt — the
 * amount, what it paid for, the method, the date, the order and payment numbers, and what the
 * loan still owes. Pending asks again until the gateway confirms; a settled outcome forgets the
 * order's cached pages, so the loan shown next is the one after this payment.
 */
export default function PaymentResultPage() {
  const texts = useContent(paymentResultTexts);
  const market = useMarket();
  const t = useT();
  const queryClient = useQueryClient();
  const context = useMemo(() => getQueryContext(), []);
  const paymentId = useMemo(() => pageParam('paymentId'), []);
  const valid = context.orderId !== '' && isPaymentId(paymentId);
  const result = usePaymentResult(context.orderId, paymentId);
  const outcome = result.data?.outcome;

  useEffect(() => {
    // a payment that has settled either way changed the order: no page may show it from before
    if (outcome && outcome !== 'pending') void forgetOrderQueries(queryClient);
  }, [outcome, queryClient]);

  const loanHref = borrowDetailHref(context.productId, context.orderId, context);
  // a failed payment is tried again where it was made, for the same amount and purpose (issue 48), not from loan details
  const failed = result.data?.outcome === 'failed' ? result.data : null;
  const payAgainHref = failed
    ? repayHref(market, { orderId: context.orderId, productId: context.productId, amountMinor: failed.amount, purpose: failed.purpose })
    : null;

  let content: ReactNode;
  if (!valid) {
    content = (
      <p className={styles.note} role="alert">
        {texts.invalidLink}
      </p>
    );
  } else {
    content = (
      <QueryState query={result} failed={result.error instanceof ApiError ? result.error.message : texts.loadFailed}>
        {(payment) => {
          const methodName = t(paymentMethodKey[payment.method]);
          return (
            <>
              <section className={`panel ${styles.outcome}`} data-outcome={payment.outcome} aria-labelledby="payment-outcome">
                <span className={styles.mark} aria-hidden="true">
                  {payment.outcome === 'paid' ? '✓' : payment.outcome === 'failed' ? '!' : '…'}
                </span>
                {/* announced when a pending payment settles while the page is open */}
                <div role="status">
                  <h2 id="payment-outcome" className={styles.heading}>
                    {texts[payment.outcome]}
                  </h2>
                </div>
                <p className={`money ${styles.figure}`}>{formatMoney(payment.amount, market)}</p>
                <p className={styles.note}>{texts[`${payment.outcome}Note`]}</p>
                {payment.outcome === 'pending' && <Spinner />}
              </section>

              <section className="panel" aria-labelledby="payment-receipt">
                {/* only a paid payment has a receipt: a failed or pending one is not 'paid for' (issue 30) */}
                <h2 id="payment-receipt" className={styles.sectionTitle}>
                  {payment.outcome === 'paid' ? texts.receipt : texts.details}
                </h2>
                <DetailRows
                  rows={[
                    { label: payment.outcome === 'paid' ? texts.paidFor : texts.paymentFor, value: t(paymentPurposeKey[payment.purpose]) },
                    // a paid extension says to when the loan is now due (issue 30)
                    payment.newDueDate !== '' && { label: texts.newDueDate, value: <time className="date">{payment.newDueDate}</time> },
                    { label: texts.method, value: payment.methodDetail ? `${methodName} · ${payment.methodDetail}` : methodName },
                    { label: texts.date, value: <time>{payment.time}</time> },
                    { label: texts.orderNo, value: payment.orderNo },
                    { label: texts.paymentId, value: <span className={styles.id}>{payment.paymentId}</span> },
                    {
                      label: texts.remaining,
                      // only an amount keeps to one line: the settled sentence wraps like any text
                      value:
                        payment.settled === 1 ? (
                          texts.settled
                        ) : (
                          <span className="money">{formatMoney(payment.remainingAmount, market)}</span>
                        ),
                    },
                  ]}
                />
                {payment.outcome === 'paid' && (
                  <Link href={repaymentReceiptHref(payment.paymentId)} className={styles.receiptLink}>
                    {texts.fullReceipt}
                  </Link>
                )}
              </section>
            </>
          );
        }}
      </QueryState>
    );
  }

  return (
    <Page title={texts.title}>
      {content}
      <Link href={payAgainHref ?? loanHref} replace className="button button-primary button-block">
        {payAgainHref ? texts.payAgain : texts.viewLoan}
      </Link>
    </Page>
  );
}
