/** The console's few shared pieces: page title, a page still loading, error line, SLA badge, stars. */
import type { Market } from '@kilat/contract';
import type { SlaState } from '@kilat/contract/console/browser';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from './api-client';
import { formatDateTime, slaLabel } from './format';

export const Page = ({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) => {
  useEffect(() => {
    document.title = `${title} · Kilat console`;
  }, [title]);
  return (
    <section className="page">
      <div className="page-head">
        <h1>{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
};

/** A page whose one read has not answered yet: "Loading…", or why it failed. */
export const PageLoading = ({ title, error }: { title: string; error: unknown }) => (
  <Page title={title}>
    <ErrorLine error={error} />
    {!error && <p>Loading…</p>}
  </Page>
);

export const ErrorLine = ({ error }: { error: unknown }) =>
  error ? (
    <p className="error" role="alert">
      {error instanceof ApiError ? error.message : 'Something went wrong.'}
    </p>
  ) : null;

export const SlaBadge = ({ state, dueAt, market }: { state: SlaState; dueAt: string; market: Market }) => (
  <span className={`badge sla-${state}`} title={`Reply due ${formatDateTime(dueAt, market)}`}>
    {slaLabel(state)}
    <span className="badge-detail"> · due {formatDateTime(dueAt, market)}</span>
  </span>
);

export const Stars = ({ score }: { score: number | null }) =>
  score === null ? (
    <span className="muted">not rated</span>
  ) : (
    <span role="img" aria-label={`${score} of 5 stars`}>
      {'★'.repeat(score) + '☆'.repeat(5 - score)}
    </span>
  );
