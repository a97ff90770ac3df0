import { interpolate, Limits, PayType } from '@kilat/contract';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { envConfig } from '@/shared/config/env-config';
import { formatMoney, telHref } from '@/shared/format';
import { ApiError } from '@/shared/http/api-client';
import { useContent, useMarket, useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { getQueryContext } from '@/shared/query-context';
import { readRepayChoice, repayPageQuery } from '@/shared/repay-choice';
import { toast } from '@/shared/toast';
import { LoadFailed, Page, Spinner } from '@/shared/ui';
import { Modal } from '@/shared/ui/modal';
import { useGenerateVirtualAccount } from './api/generate-virtual-account';
import type { VirtualAccountTexts } from './texts/en-IN';
import { copyWithClipboard, generateVcodeFields, readPageParams } from './va-rules';
import styles from './virtual-account.module.css';

const loaders = {
  'en-IN': () => import('./texts/en-IN'),
  'id-ID': () => import('./texts/id-ID'),
};

/**
 * Virtual-account repay page, Pelunasan (spec §2): the code to pay with a copy button, the
 * total, the bill number, the chosen method, the steps, customer service and the 'paid' tip.
 * Without a saved repay choice the borrower chooses one first, at /individual.
 */
export default function VirtualAccountPage() {
  const texts = useContent<VirtualAccountTexts>(loaders);
  const t = useT();
  const market = useMarket();
  const [, navigate] = useLocation();
  const search = useSearch();
  const page = useMemo(() => readPageParams(search, getQueryContext()), [search]);
  const choice = useMemo(() => readRepayChoice(), []);
  const account = useGenerateVirtualAccount(page && choice ? generateVcodeFields(page, choice) : null);
  const chooserHref = `${Paths.repayMethodChooser}?${repayPageQuery(search)}`;
  const [tipOpen, setTipOpen] = useState(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const codeId = useId();

  useEffect(() => {
    if (page && !choice) navigate(chooserHref, { replace: true });
  }, [page, choice, chooserHref, navigate]);

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
  } else if (!choice || account.isPending) {
    content = <Spinner />;
  } else if (account.isError) {
    content = (
      <>
        <LoadFailed message={texts.loadFailed} onRetry={() => account.refetch()} />
        <Link href={chooserHref} className="button button-block">
          {texts.changeMethod}
        </Link>
      </>
    );
  } else {
    const va = account.data;
    // the server's telephone replaces the configured service phone when it has one (spec §9)
    const phone = va.telephone || envConfig.servicePhone[market];
    content = (
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
          <dl className="detail-rows">
            <div className="detail-row">
              <dt>{texts.total}</dt>
              <dd className={`money ${styles.total}`}>{formatMoney(va.amount, market)}</dd>
            </div>
            <div className="detail-row">
              <dt>{texts.billNumber}</dt>
              <dd>{va.cardNo}</dd>
            </div>
            <div className="detail-row">
              <dt>{texts.method}</dt>
              <dd>{va.payName}</dd>
            </div>
            {va.expiryTime && (
              <div className="detail-row">
                <dt>{texts.payBefore}</dt>
                <dd>
                  <time>{va.expiryTime}</time>
                </dd>
              </div>
            )}
            {va.remainingAmount > 0 && (
              <div className="detail-row">
                <dt>{texts.remaining}</dt>
                <dd className="money">{formatMoney(va.remainingAmount, market)}</dd>
              </div>
            )}
          </dl>
          {va.remainingAmount > 0 && (
            <p className={styles.note}>{interpolate(texts.remainingNote, { limit: formatMoney(Limits.miniMarketMaxMinor, market) })}</p>
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
  }

  return (
    <Page title={t('settlement')} back>
      {content}
    </Page>
  );
}
