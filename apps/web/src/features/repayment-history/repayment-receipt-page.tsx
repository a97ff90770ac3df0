import { interpolate } from '@kilat/contract';
import { type ReactNode, useMemo } from 'react';
import { Link } from 'wouter';
import { formatMoney } from '@/shared/format';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { paymentMethodKey, paymentPurposeKey } from '@/shared/i18n/payment-words';
import { Paths } from '@/shared/paths';
import { pageParam } from '@/shared/query-context';
import { toast } from '@/shared/toast';
import { DetailRows, Page, QueryState } from '@/shared/ui';
import { isReceiptId, useRepaymentReceipt } from './api/get-repayment-receipt';
import { receiptText, shareReceipt } from './receipt-share';
import styles from './repayment-history.module.css';
import { repaymentHistoryTexts } from './texts';

/**
 * The receipt of one repayment (issue 17, the peers' 'certificate'): what was paid, when, how, for
 * which loan, how the waterfall applied it and what the loan owed after. Save as PDF prints it (the
 * print stylesheet leaves the receipt alone on the page); Share uses the phone's share sheet, or
 * copies the receipt's words where there is none.
 */
export default function RepaymentReceiptPage() {
  const texts = useContent(repaymentHistoryTexts);
  const market = useMarket();
  const t = useT();
  const paymentId = useMemo(() => pageParam('paymentId'), []);
  const receipt = useRepaymentReceipt(paymentId);

  if (!isReceiptId(paymentId))
    return (
      <Page title={texts.receiptTitle} back>
        <p role="alert">{texts.invalidLink}</p>
        <Link href={Paths.repaymentHistory} className="button button-primary button-block">
          {texts.toHistory}
        </Link>
      </Page>
    );

  return (
    <Page title={texts.receiptTitle} back className={styles.receipt}>
      <QueryState query={receipt} failed={texts.receiptFailed}>
        {(data) => {
          const money = (minor: number) => formatMoney(minor, market);
          const method = data.method === 'offline' ? texts.methodOffline : t(paymentMethodKey[data.method]);
          // each row's words (for sharing) and, where it needs one, how the page shows it: a date never
          // breaks at its dashes, the long payment number may break anywhere rather than overflow
          const rows: { label: string; value: string; shown?: ReactNode }[] = [
            { label: texts.amount, value: money(data.amount) },
            { label: texts.paidFor, value: t(paymentPurposeKey[data.purpose]) },
            { label: texts.date, value: data.paidAt, shown: <time className={styles.nowrap}>{data.paidAt}</time> },
            // an offline repayment counts from the day the bank received it (issue 47): both dates are shown
            ...(data.receivedOn
              ? [{ label: texts.receivedOn, value: data.receivedOn, shown: <time className={styles.nowrap}>{data.receivedOn}</time> }]
              : []),
            {
              label: texts.method,
              value: data.methodDetail ? `${method} · ${data.methodDetail}` : method,
            },
            { label: texts.product, value: data.productName },
            { label: texts.orderNo, value: data.orderNo },
            { label: texts.paymentId, value: data.paymentId, shown: <span className={styles.id}>{data.paymentId}</span> },
            ...(data.extensionDays > 0 ? [{ label: texts.extendedBy, value: interpolate(texts.days, { n: data.extensionDays }) }] : []),
            // a coupon's discount is a later waiver on fees and interest, shown beside the payment it came with (decision 250)
            ...(data.couponMoney > 0 ? [{ label: texts.couponDiscount, value: `−${money(data.couponMoney)}` }] : []),
            { label: texts.remainingAfter, value: data.remainingAfter === 0 ? texts.settled : money(data.remainingAfter) },
          ];
          const onShare = async () => {
            const url = window.location.href;
            const outcome = await shareReceipt(
              {
                title: texts.shareTitle,
                text: receiptText(
                  rows.map((row) => [row.label, row.value] as const),
                  url,
                ),
                url,
              },
              { share: navigator.share?.bind(navigator), clipboard: navigator.clipboard },
            );
            if (outcome === 'copied') toast.show(texts.copied);
            if (outcome === 'failed') toast.show(texts.shareFailed);
          };
          return (
            <>
              <section className="panel" aria-labelledby="receipt-amount">
                <h2 id="receipt-amount" className={styles.figureLabel}>
                  {texts.amount}
                </h2>
                <p className={`money ${styles.figure}`}>{money(data.amount)}</p>
                <DetailRows rows={rows.slice(1).map((row) => ({ label: row.label, value: row.shown ?? row.value }))} />
              </section>

              <section className="panel" aria-labelledby="receipt-allocation">
                <h2 id="receipt-allocation" className={styles.sectionTitle}>
                  {texts.allocationTitle}
                </h2>
                <table className={styles.allocation}>
                  <caption className="visually-hidden">{texts.allocationCaption}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{texts.component}</th>
                      <th scope="col">{texts.componentAmount}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.allocation.map((line) => (
                      <tr key={line.component}>
                        <th scope="row">{texts.components[line.component]}</th>
                        <td className="money">{money(line.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row">{texts.total}</th>
                      <td className="money">{money(data.amount)}</td>
                    </tr>
                  </tfoot>
                </table>
              </section>

              <div className={`action-bar ${styles.actions}`}>
                <button type="button" className="button" onClick={() => void onShare()}>
                  {texts.share}
                </button>
                <button type="button" className="button button-primary" onClick={() => window.print()}>
                  {texts.savePdf}
                </button>
              </div>
              <div className="action-bar-room" />
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
