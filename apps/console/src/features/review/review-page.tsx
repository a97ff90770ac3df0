/**
 * The risk role's review queue (issue 29 item 4): applications the decision engine sent to a person,
 * nearest deadline first (spec §9: a loan decision within 1 day), each with its rules' results and the
 * disbursal account's validation; approve or reject with a reason, which the audit log keeps.
 */
import type { ReviewItem } from '@kilat/contract/console/browser';
import { type FormEvent, useState } from 'react';
import { formatDateTime, MARKET_LABEL } from '@/shared/format';
import { ErrorLine, Page } from '@/shared/ui';
import { useDecideReview } from './api/decide-review';
import { useReviews } from './api/get-reviews';

const money = (minor: number, market: ReviewItem['market']) =>
  new Intl.NumberFormat(market === 'IN' ? 'en-IN' : 'id-ID', { style: 'currency', currency: market === 'IN' ? 'INR' : 'IDR' }).format(
    minor / 100,
  );

const Application = ({ item }: { item: ReviewItem }) => {
  const decide = useDecideReview();
  const [outcome, setOutcome] = useState<'approve' | 'reject'>('approve');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get('reason') ?? '');
    decide.mutate({ id: Number(item.orderId), body: { outcome, reason } });
  };
  const title = `${item.orderNo} · ${item.borrowerName}`;
  return (
    <article className="card stack" aria-label={title}>
      <h2>{title}</h2>
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
              <td>{rule.rule}</td>
              <td>{rule.outcome}</td>
              <td>{JSON.stringify(rule.detail)}</td>
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
      <form className="stack" onSubmit={submit} aria-label={`Decide ${item.orderNo}`}>
        <fieldset>
          <legend>Decision</legend>
          <label>
            <input type="radio" name="outcome" checked={outcome === 'approve'} onChange={() => setOutcome('approve')} /> Approve
          </label>
          <label>
            <input type="radio" name="outcome" checked={outcome === 'reject'} onChange={() => setOutcome('reject')} /> Reject
          </label>
        </fieldset>
        <label>
          Reason (kept in the audit log)
          <textarea name="reason" required minLength={3} maxLength={500} />
        </label>
        <ErrorLine error={decide.error} />
        <button type="submit" disabled={decide.isPending}>
          Record the decision
        </button>
      </form>
    </article>
  );
};

export const ReviewPage = () => {
  const reviews = useReviews();
  const list = reviews.data?.list ?? [];
  return (
    <Page title="Applications to review">
      <ErrorLine error={reviews.error} />
      {reviews.data && list.length === 0 && <p>No application is waiting for review.</p>}
      {list.map((item) => (
        <Application key={item.orderId} item={item} />
      ))}
    </Page>
  );
};
