/** An order's payout timeline (issue 28 item 6): every attempt with its key, gateway id, state changes, reason and UTR; retry and cancel-loan. */
import {
  PAYOUT_REASON_MAX,
  PAYOUT_REASON_MIN,
  type PayoutActionView,
  type PayoutAttemptView,
  Permission,
} from '@kilat/contract/console/browser';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { useSession } from '@/shared/session';
import { ErrorLine, Page } from '@/shared/ui';
import { usePayoutTimeline } from './api/get-payout-timeline';
import { usePayoutAction } from './api/payout-action';
import { STATUS_LABEL } from './labels';

const Action = ({
  orderId,
  action,
  title,
  view,
}: {
  orderId: number;
  action: 'retryPayout' | 'cancelLoan';
  title: string;
  view: PayoutActionView;
}) => {
  const [reason, setReason] = useState('');
  const mutation = usePayoutAction(orderId, action);
  const headingId = useId();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await mutation.mutateAsync(reason.trim());
    setReason('');
  };
  return (
    <form className="card stack" aria-labelledby={headingId} onSubmit={(event) => void submit(event).catch(() => undefined)}>
      <h2 id={headingId}>{title}</h2>
      <p className={view.allowed ? '' : 'muted'}>{view.explanation}</p>
      {view.allowed && (
        <>
          <label>
            Reason (kept in the audit log)
            <textarea value={reason} rows={2} maxLength={PAYOUT_REASON_MAX} onChange={(event) => setReason(event.target.value)} />
          </label>
          <ErrorLine error={mutation.error} />
          <button type="submit" disabled={mutation.isPending || reason.trim().length < PAYOUT_REASON_MIN}>
            {title}
          </button>
        </>
      )}
      {mutation.isSuccess && <p role="status">Done: {title.toLowerCase()} is in the audit log.</p>}
    </form>
  );
};

const Attempt = ({ attempt, market }: { attempt: PayoutAttemptView; market: 'IN' | 'ID' }) => (
  <li className="card">
    <h3>
      Attempt {attempt.attempt} · {STATUS_LABEL[attempt.status] ?? attempt.status}
    </h3>
    <dl>
      <dt>Reference</dt>
      <dd className="mono">{attempt.reference}</dd>
      <dt>Idempotency key</dt>
      <dd className="mono">{attempt.idempotencyKey}</dd>
      <dt>Gateway</dt>
      <dd>
        {attempt.gateway} <span className="mono">{attempt.gatewayPayoutId ?? 'no payout id yet'}</span>
      </dd>
      <dt>Account</dt>
      <dd>
        {attempt.bankName} ···{attempt.accountEnding}
      </dd>
      <dt>Amount</dt>
      <dd>{attempt.amount}</dd>
      <dt>UTR</dt>
      <dd className="mono">{attempt.utr ?? '—'}</dd>
      <dt>Reason</dt>
      <dd>
        {attempt.failureReason
          ? `${attempt.failureCode ?? ''} ${attempt.failureReason}${attempt.retryable ? ' (retryable)' : ''}`.trim()
          : '—'}
      </dd>
      <dt>Calls</dt>
      <dd>
        {attempt.tries}
        {attempt.nextTryAt && ` · next ${formatDateTime(attempt.nextTryAt, market)}`}
      </dd>
    </dl>
    <ol className="timeline" aria-label={`State changes of attempt ${attempt.attempt}`}>
      {attempt.changes.map((change) => (
        <li key={`${change.at}-${change.status}-${change.utr ?? ''}`}>
          <time dateTime={change.at}>{formatDateTime(change.at, market)}</time>{' '}
          <strong>{STATUS_LABEL[change.status] ?? change.status}</strong>
          {change.failureReason && <span> · {change.failureReason}</span>}
          {change.utr && <span className="mono"> · UTR {change.utr}</span>}
        </li>
      ))}
    </ol>
  </li>
);

export const PayoutTimelinePage = ({ orderId }: { orderId: number }) => {
  const { can } = useSession();
  const timeline = usePayoutTimeline(orderId);
  const data = timeline.data;
  return (
    <Page title={data ? `Payouts of order ${data.orderNo}` : 'Payouts of an order'} actions={<Link href="/payouts">All payouts</Link>}>
      <ErrorLine error={timeline.error} />
      {data && (
        <div className="two-columns">
          <div className="stack">
            <p className="meta">
              {MARKET_LABEL[data.market]} · {data.borrowerName} · {data.amount}
              {data.disbursedAt && ` · money landed ${formatDateTime(data.disbursedAt, data.market)}`}
              {data.cancelledAt && ` · loan cancelled ${formatDateTime(data.cancelledAt, data.market)}`}
            </p>
            <ol className="stack attempts" aria-label="Payout attempts">
              {data.attempts.map((attempt) => (
                <Attempt key={attempt.attempt} attempt={attempt} market={data.market} />
              ))}
            </ol>
          </div>
          {can(Permission.PayoutsWrite) && (
            <aside className="stack" aria-label="Actions">
              <Action orderId={orderId} action="retryPayout" title="Retry the payout" view={data.retry} />
              <Action orderId={orderId} action="cancelLoan" title="Cancel the loan" view={data.cancelLoan} />
            </aside>
          )}
        </div>
      )}
    </Page>
  );
};
