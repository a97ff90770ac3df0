import { interpolate } from '@kilat/contract';
import type { CallData } from '@kilat/contract/schemas';
import { useState } from 'react';
import { useT } from '@/shared/i18n';
import { Modal } from '@/shared/ui/modal';
import { useAutopay, useChangeAutopay, useSetUpAutopay } from '../api/autopay';
import styles from '../loan-details.module.css';

type Mandate = NonNullable<CallData<'autopayMandate'>['mandate']>;

const STATUS_KEY = {
  created: 'autopayStatusCreated',
  active: 'autopayStatusActive',
  paused: 'autopayStatusPaused',
  cancelled: 'autopayStatusCancelled',
  rejected: 'autopayStatusRejected',
  expired: 'autopayStatusExpired',
} as const;

const DEBIT_KEY = {
  notified: 'autopayDebitNotified',
  pending: 'autopayDebitPending',
  paid: 'autopayDebitPaid',
  failed: 'autopayDebitFailed',
  skipped: 'autopayDebitSkipped',
  missed: 'autopayDebitMissed',
} as const;

/**
 * India's AutoPay on loan details (issue 51 item 2, decision 245): explained and optional; set up
 * a UPI AutoPay or e-NACH mandate (approved in the borrower's UPI app or bank), then see it with its
 * debits and pause, resume or cancel it at any time. The server says what may be done.
 */
export function Autopay({ orderId }: { orderId: string }) {
  const t = useT();
  const query = useAutopay(orderId, true);
  const setUp = useSetUpAutopay();
  const change = useChangeAutopay();
  const [method, setMethod] = useState<'upi' | 'emandate'>('upi');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const data = query.data;
  if (data?.available !== 1) return null;
  const live = data.mandate && ['created', 'active', 'paused'].includes(data.mandate.status) ? data.mandate : null;

  const onSetUp = () => {
    if (setUp.isRunning()) return;
    setUp.mutate({ orderId, method }, { onSuccess: ({ authUrl }) => window.location.assign(authUrl) });
  };
  const act = (action: 'pause' | 'resume' | 'cancel') => {
    if (!change.isRunning()) change.mutate({ orderId, action });
  };

  return (
    <section className={styles.card} aria-labelledby="loan-autopay">
      <h2 id="loan-autopay" className={styles.sectionTitle}>
        {t('autopayTitle')}
      </h2>
      {live ? (
        <MandateView mandate={live} t={t} />
      ) : (
        <>
          <p className={styles.notice}>{t('autopayExplain')}</p>
          {data.mandate && (
            <p className={styles.notice}>
              {t('autopayStatusLabel')}: {t(STATUS_KEY[data.mandate.status])}
            </p>
          )}
        </>
      )}
      <p className={styles.notice}>{t('autopayRule')}</p>
      {!live && data.canSetUp === 1 && (
        <>
          <p className={styles.notice}>{interpolate(t('autopayCapLine'), { amount: data.maxAmountText, date: data.expiresOn })}</p>
          <fieldset className={styles.autopayMethods}>
            <legend>{t('autopayMethodLegend')}</legend>
            {(['upi', 'emandate'] as const).map((value) => (
              <label key={value} className={styles.autopayMethod}>
                <input type="radio" name="autopay-method" value={value} checked={method === value} onChange={() => setMethod(value)} />
                {t(value === 'upi' ? 'autopayMethodUpi' : 'autopayMethodEmandate')}
              </label>
            ))}
          </fieldset>
          <button type="button" className="button button-primary button-block" onClick={onSetUp}>
            {t('autopaySetUp')}
          </button>
        </>
      )}
      {live && (
        <div className={styles.autopayActions}>
          {live.status === 'created' && live.authUrl && (
            <a className="button button-primary button-block" href={live.authUrl}>
              {t('autopayAuthorise')}
            </a>
          )}
          {live.status === 'active' && (
            <button type="button" className="button button-block" onClick={() => act('pause')}>
              {t('autopayPause')}
            </button>
          )}
          {live.status === 'paused' && live.pausedBy === 'borrower' && (
            <button type="button" className="button button-block" onClick={() => act('resume')}>
              {t('autopayResume')}
            </button>
          )}
          <button type="button" className="button button-block" onClick={() => setConfirmCancel(true)}>
            {t('autopayCancel')}
          </button>
        </div>
      )}
      <Modal open={confirmCancel} title={t('autopayCancel')} onClose={() => setConfirmCancel(false)}>
        <p>{t('autopayCancelConfirm')}</p>
        <div className={styles.dialogButtons}>
          <button type="button" className="button" onClick={() => setConfirmCancel(false)}>
            {t('autopayKeep')}
          </button>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setConfirmCancel(false);
              act('cancel');
            }}
          >
            {t('autopayCancel')}
          </button>
        </div>
      </Modal>
    </section>
  );
}

function MandateView({ mandate, t }: { mandate: Mandate; t: ReturnType<typeof useT> }) {
  return (
    <>
      <dl className={styles.autopayRows}>
        <div>
          <dt>{t('autopayStatusLabel')}</dt>
          <dd>{t(STATUS_KEY[mandate.status])}</dd>
        </div>
        <div>
          <dt>{t(mandate.method === 'upi' ? 'autopayMethodUpi' : 'autopayMethodEmandate')}</dt>
          <dd>{interpolate(t('autopayCapLine'), { amount: mandate.maxAmountText, date: mandate.expiresOn })}</dd>
        </div>
      </dl>
      {mandate.status === 'paused' && mandate.pausedBy === 'gateway' && <p className={styles.notice}>{t('autopayPausedInApp')}</p>}
      {mandate.debits.length > 0 && (
        <>
          <h3 className={styles.autopayDebitsTitle}>{t('autopayDebitsTitle')}</h3>
          <ul className={styles.autopayDebits}>
            {mandate.debits.map((debit) => (
              <li key={debit.dueDate}>
                <span>{debit.dueDate}</span> <span>{debit.amountText}</span> <span>{t(DEBIT_KEY[debit.status])}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
