import { interpolate, Limits, Market, PayType } from '@kilat/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { envConfig } from '@/shared/config/env-config';
import { CouponChoice } from '@/shared/coupons/coupon-choice';
import { formatMoney, telHref } from '@/shared/format';
import { forgetOrderQueries } from '@/shared/http/order-queries';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { getQueryContext } from '@/shared/query-context';
import { toast } from '@/shared/toast';
import { DetailRows, IndonesiaOnlyPage, Page, QueryState } from '@/shared/ui';
import { Modal } from '@/shared/ui/modal';
import { isPaymentId, usePaymentResult } from '../api/get-payment-result';
import { borrowDetailHref, indiaPayWayHref, paymentResultHref } from '../hand-over';
import { readRepayChoice, repayPageQuery } from '../repay-choice';
import { useGenerateVirtualAccount } from './api/generate-virtual-account';
import { virtualAccountTexts } from './texts';
import { copyWithClipboard, generateVcodeFields, readPageParams, withCouponId, withPaymentId } from './va-rules';
import styles from './virtual-account.module.css';

/**
 * Virtual-account repay page, Pelunasan (spec §2): the code to pay with a copy button, the
 * total, the bill number, the chosen method, the steps, customer service and the 'paid' tip.
 * Without a saved repay choice the borrower chooses one first, at /individual.
 */
function CodePage() {
  const texts = useContent(virtualAccountTexts);
  const t = useT();
  const market = useMarket();
  const [, navigate] = useLocation();
  const search = useSearch();
  const page = useMemo(() => readPageParams(search, getQueryContext()), [search]);
  const choice = useMemo(() => readRepayChoice(), []);
  const queryClient = useQueryClient();
  // the code this page showed before a reload (decision 050): asked first, so a paid one is not asked for again
  const shownPaymentId = useMemo(() => new URLSearchParams(search).get('paymentId') ?? '', [search]);
  const shown = usePaymentResult(page?.orderId ?? '', shownPaymentId, { silent: true });
  const shownPaid = shown.data?.outcome === 'paid';
  const mayGenerate = page !== null && choice !== null && !shownPaid && !(isPaymentId(shownPaymentId) && shown.isPending);
  const account = useGenerateVirtualAccount(mayGenerate ? generateVcodeFields(page, choice) : null);
  const liveId = account.data && isPaymentId(account.data.cardNo) ? account.data.cardNo : '';
  // the open page asks until the bank confirms the code, then says it is paid (decision 050)
  const live = usePaymentResult(page?.orderId ?? '', liveId === shownPaymentId ? '' : liveId, { silent: true });
  const paidId = shownPaid ? shownPaymentId : live.data?.outcome === 'paid' ? liveId : '';
  const chooserHref = `${Paths.repayMethodChooser}?${repayPageQuery(search)}`;
  const [tipOpen, setTipOpen] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const codeId = useId();

  useEffect(() => {
    if (page && !choice) navigate(chooserHref, { replace: true });
  }, [page, choice, chooserHref, navigate]);

  useEffect(() => {
    // the address keeps the code's bill number: a reload asks how that payment stands before anything else
    if (liveId && liveId !== shownPaymentId) navigate(`${Paths.virtualAccountRepay}?${withPaymentId(search, liveId)}`, { replace: true });
  }, [liveId, shownPaymentId, search, navigate]);

  useEffect(() => {
    if (paidId) void forgetOrderQueries(queryClient);
  }, [paidId, queryClient]);

  const onCopy = async (code: string) => {
    if (await copyWithClipboard(code, navigator.clipboard)) {
      toast.show(texts.copied);
      return;
    }
    // no Clipboard API (an insecure page, an old webview): select the code so it can be copied by hand
    codeInput.current?.select();
    toast.show(document.execCommand?.('copy') ? texts.copied : texts.copyFailed);
  };

  let content: ReactNode;
  if (!page) {
    content = (
      <p className={styles.invalid} role="alert">
        {texts.invalidLink}
      </p>
    );
  } else if (paidId) {
    const context = getQueryContext();
    const paid = shownPaid ? shown.data : live.data;
    content = (
      <section className={`panel ${styles.paid}`} aria-labelledby={`${codeId}-paid`}>
        <div role="status">
          <h2 id={`${codeId}-paid`} className={styles.sectionTitle}>
            {texts.paidState}
          </h2>
        </div>
        {paid && <p className={`money ${styles.total}`}>{formatMoney(paid.amount, market)}</p>}
        <p>{texts.paidStateNote}</p>
        <Link href={paymentResultHref(page.productId, page.orderId, paidId, context)} className="button button-primary button-block">
          {texts.seeReceipt}
        </Link>
        <Link href={borrowDetailHref(page.productId, page.orderId, context)} className="button button-block">
          {texts.viewLoan}
        </Link>
      </section>
    );
  } else {
    // before a repay choice the query waits (pending): the spinner shows until the chooser opens
    const opened = account.data;
    content = (
      <>
        {page.purpose === 'repay' && mayGenerate && (
          // another coupon (or none) asks for a new code; the server closes this one and frees its coupon (issue 50)
          <CouponChoice
            orderId={page.orderId}
            amount={page.amount}
            market={market}
            chosen={page.couponId}
            onChoose={(couponId, couponMoney) =>
              navigate(`${Paths.virtualAccountRepay}?${withCouponId(search, couponId, couponMoney)}`, { replace: true })
            }
            disabled={account.isFetching}
            applied={opened?.couponMoney}
          />
        )}
        <QueryState query={account} failed={texts.loadFailed}>
          {(va) => {
            // the server's telephone replaces the configured service phone when it has one (spec §9)
            const phone = va.telephone || envConfig.servicePhone[market];
            return (
              <>
                <section className="panel" aria-labelledby={codeId}>
                  <label id={codeId} htmlFor={`${codeId}-code`} className={styles.codeLabel}>
                    {va.payType === PayType.MiniMarket ? texts.paymentCode : texts.virtualAccount}
                  </label>
                  <div className={styles.codeRow}>
                    <input
                      ref={codeInput}
                      id={`${codeId}-code`}
                      className={styles.code}
                      value={va.vcode}
                      readOnly
                      onFocus={(event) => event.currentTarget.select()}
                    />
                    <button type="button" className="button" onClick={() => void onCopy(va.vcode)}>
                      {texts.copy}
                    </button>
                  </div>
                  <DetailRows
                    rows={[
                      { label: texts.total, value: <span className={`money ${styles.total}`}>{formatMoney(va.amount, market)}</span> },
                      { label: texts.billNumber, value: <span className={styles.billNumber}>{va.cardNo}</span> },
                      { label: texts.method, value: va.payName },
                      // the market's time, said (issue 48): a borrower in WITA or WIT reads it as Jakarta's
                      Boolean(va.expiryTime) && {
                        label: texts.payBefore,
                        value: <time>{interpolate(texts.payBeforeTime, { time: va.expiryTime })}</time>,
                      },
                      va.remainingAmount > 0 && {
                        label: texts.remaining,
                        value: <span className="money">{formatMoney(va.remainingAmount, market)}</span>,
                      },
                    ]}
                  />
                  {va.remainingAmount > 0 && (
                    <p className={styles.note}>
                      {interpolate(texts.remainingNote, { limit: formatMoney(Limits.miniMarketMaxMinor, market) })}
                    </p>
                  )}
                </section>

                {va.payStep.length > 0 && (
                  <section className="panel" aria-labelledby={`${codeId}-steps`}>
                    <h2 id={`${codeId}-steps`} className={styles.sectionTitle}>
                      {texts.steps}
                    </h2>
                    <ol className={styles.steps}>
                      {va.payStep.map((step, index) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: steps never reorder, and two may read the same
                        <li key={index}>{step}</li>
                      ))}
                    </ol>
                  </section>
                )}

                <section className="panel" aria-labelledby={`${codeId}-help`}>
                  <h2 id={`${codeId}-help`} className={styles.sectionTitle}>
                    {texts.help}
                  </h2>
                  <a className={styles.helpLink} href={telHref(phone)}>
                    {texts.call} <span className={styles.phone}>{phone}</span>
                  </a>
                  <Link className={styles.helpLink} href={Paths.customerService}>
                    {texts.customerService}
                  </Link>
                </section>

                <div className={styles.actions}>
                  <Link href={chooserHref} className="button button-block">
                    {texts.changeMethod}
                  </Link>
                  <button type="button" className="button button-primary button-block" onClick={() => setTipOpen(true)}>
                    {texts.paid}
                  </button>
                </div>

                <Modal open={tipOpen} title={texts.paidTitle} onClose={() => setTipOpen(false)}>
                  <p>{t('repaymentWillBeConfirmed')}</p>
                  {/* OK only closes: until the bank confirms, this page is where the code and the steps are */}
                  <button type="button" className="button button-primary button-block" onClick={() => setTipOpen(false)}>
                    {texts.ok}
                  </button>
                </Modal>
              </>
            );
          }}
        </QueryState>
        {account.isError && (
          <Link href={chooserHref} className="button button-block">
            {texts.changeMethod}
          </Link>
        )}
      </>
    );
  }

  return (
    // an extension fee is no settlement (issue 48): the page is titled by what it pays
    <Page title={page?.purpose === 'delay' ? t('payPurposeDelay') : t('settlement')} back>
      {content}
    </Page>
  );
}

/** India repays by card or the checkout page: opened there, this page says so and leads to pay-way (decision 052). */
export default function VirtualAccountPage() {
  const market = useMarket();
  const search = useSearch();
  if (market === Market.India) return <IndonesiaOnlyPage payWayHref={indiaPayWayHref(search, getQueryContext())} />;
  return <CodePage />;
}
