/**
 * The risk role's review queue (issue 29 item 4): applications the decision engine sent to a person,
 * nearest deadline first (spec §9: a loan decision within 1 day) — those past it escalated, counted at
 * the top (decision 162) — each with its rules' results and the disbursal account's validation;
 * approve or reject with a reason, which the audit log keeps. Approving over a rule that did not pass
 * is a rule exception: it waits for a second risk operator, who confirms it (decision 161).
 */
import type { ReviewItem } from '@kilat/contract/console/browser';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { ReasonForm } from '@/shared/reason-form';
import { useSession } from '@/shared/session';
import { ErrorLine, Page } from '@/shared/ui';
import { useConfirmReview } from './api/confirm-review';
import { useDecideReview } from './api/decide-review';
import { useReviews } from './api/get-reviews';

const RULE_OUTCOME = { pass: 'passed', fail: 'failed', review: 'sent to review' } as const;

const money = (minor: number, market: ReviewItem['market']) =>
  new Intl.NumberFormat(market === 'IN' ? 'en-IN' : 'id-ID', { style: 'currency', currency: market === 'IN' ? 'INR' : 'IDR' }).format(
    minor / 100,
  );

/** The maker's approval waiting for a second risk operator: its maker is told so, another confirms it. */
const WaitingApproval = ({ item, approval }: { item: ReviewItem; approval: NonNullable<ReviewItem['approval']> }) => {
  const { session } = useSession();
  const confirm = useConfirmReview();
  const mine = approval.requestedBy.id === session?.operator.id;
  return (
    <section className="stack" aria-label={`Approval of ${item.orderNo}`}>
      <p className="notice" role="status">
        Waiting for a second approval: {approval.requestedBy.name} approved it on {formatDateTime(approval.requestedAt, item.market)} over{' '}
        {approval.exceptions.map((rule) => `${rule.rule} (${rule.outcome})`).join(', ')} — “{approval.reason}”.
      </p>
      {mine ? (
        <p className="muted">You asked for this approval: another risk operator confirms it.</p>
      ) : (
        <>
          <ErrorLine error={confirm.error} />
          <button type="button" onClick={() => confirm.mutate(Number(item.orderId))} disabled={confirm.isPending}>
            Confirm the approval of {item.orderNo}
          </button>
        </>
      )}
    </section>
  );
};

const Application = ({ item }: { item: ReviewItem }) => {
  const { session } = useSession();
  const decide = useDecideReview();
  const [chosen, setOutcome] = useState<'approve' | 'reject'>('approve');
  // while an approval waits, the maker does nothing more and another risk operator confirms it or rejects
  const makerWaiting = item.approval !== null && item.approval.requestedBy.id === session?.operator.id;
  const outcome = item.approval ? 'reject' : chosen;
  const title = `${item.orderNo} · ${item.borrowerName}`;
  return (
    <article className="card stack" aria-label={title}>
      <h2>
        <Link href={`/orders/${item.orderId}`} className="mono">
          {item.orderNo}
        </Link>{' '}
        · <Link href={`/borrowers/${item.borrowerId}`}>{item.borrowerName || `Borrower ${item.borrowerId}`}</Link>
      </h2>
      {item.overdue && (
        <p>
          <span className="badge flag">Escalated · past the one-day deadline</span>
        </p>
      )}
      <p>
        {MARKET_LABEL[item.market]} · {money(item.principalMinor, item.market)} over {item.termDays} days · applied{' '}
        {formatDateTime(item.appliedAt, item.market)} ·{' '}
        <strong>
          {item.overdue ? 'Overdue since' : 'Decide by'} {formatDateTime(item.reviewDueAt, item.market)}
        </strong>
      </p>
      <table className="grid">
        <caption>Rules of the decision engine</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Result</th>
            <th scope="col">What it read</th>
          </tr>
        </thead>
        <tbody>
          {item.rules.map((rule) => (
            <tr key={rule.rule}>
              <td>{rule.label}</td>
              <td>{RULE_OUTCOME[rule.outcome]}</td>
              <td className="detail-cell">{rule.detail || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Account:{' '}
        {item.account
          ? `${item.account.bankName} …${item.account.last4}, ${item.account.validationStatus}, name at the bank ${item.account.registeredName ?? 'unknown'} (score ${item.account.nameMatchScore ?? '–'} of 100)`
          : 'none'}
      </p>
      {item.approval && <WaitingApproval item={item} approval={item.approval} />}
      {decide.data?.status === 'pending' && !item.approval && <p role="status">Approval asked: a second risk operator confirms it.</p>}
      {!makerWaiting && (
        <ReasonForm
          label={`Decide ${item.orderNo}`}
          className="stack"
          reasonLabel="Reason (kept in the audit log)"
          confirmLabel={item.approval ? `Reject ${item.orderNo} instead` : 'Record the decision'}
          change={decide}
          onConfirm={({ reason }) => decide.mutate({ id: Number(item.orderId), body: { outcome, reason } })}
        >
          {/* a checker confirms the approval above, or rejects here: no choice pre-selected beside the confirm button */}
          {item.approval ? (
            <p>Or reject the application, with your reason:</p>
          ) : (
            <fieldset>
              <legend>Decision</legend>
              <label>
                <input type="radio" name="outcome" checked={outcome === 'approve'} onChange={() => setOutcome('approve')} /> Approve
              </label>
              <label>
                <input type="radio" name="outcome" checked={outcome === 'reject'} onChange={() => setOutcome('reject')} /> Reject
              </label>
            </fieldset>
          )}
        </ReasonForm>
      )}
    </article>
  );
};

export const ReviewPage = () => {
  const reviews = useReviews();
  const list = reviews.data?.list ?? [];
  return (
    <Page title="Applications to review">
      <ErrorLine error={reviews.error} />
      {reviews.data && reviews.data.escalated > 0 && (
        <p className="notice" role="status">
          {reviews.data.escalated === 1
            ? '1 application is past its one-day deadline: escalated, first below.'
            : `${reviews.data.escalated} applications are past their one-day deadline: escalated, first below.`}
        </p>
      )}
      {reviews.data && list.length === 0 && <p>No application is waiting for review.</p>}
      {list.map((item) => (
        <Application key={item.orderId} item={item} />
      ))}
    </Page>
  );
};
