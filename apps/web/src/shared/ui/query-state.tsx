import { ResultCode } from '@kilat/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ApiError } from '@/shared/http/errors';
import { useT } from '@/shared/i18n';
import { Paths } from '@/shared/paths';
import { LoadFailed } from './load-failed';
import { Spinner } from './spinner';
import { WhatsAppHelp } from './whatsapp-help';

interface QueryStateProps<T> {
  query: UseQueryResult<T, Error>;
  /** the page's own words for a failed load; the shell's loadFailed text when absent */
  failed?: string;
  /** what a failed load shows instead of the retry block (spec §8: some loads fail silently) */
  onError?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Another borrower's order (40300): said in the borrower's language, with the way to their own loans; retrying would not help. */
function NotYours() {
  const t = useT();
  return (
    <div className="load-failed" role="alert">
      <p>{t('notYourLoan')}</p>
      <Link href={Paths.order} className="button button-primary">
        {t('myLoansLink')}
      </Link>
      <WhatsAppHelp />
    </div>
  );
}

/**
 * The three states of a page's load in one place: a spinner while pending, the failure with a
 * retry (or the page's own error view), and the page itself once the data is there. An order that
 * is not the borrower's says so on every page, even one whose failures are otherwise silent (issue 30).
 */
export function QueryState<T>({ query, failed, onError, children }: QueryStateProps<T>) {
  if (query.isPending) return <Spinner />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === ResultCode.Forbidden) return <NotYours />;
    return onError === undefined ? <LoadFailed message={failed} onRetry={() => query.refetch()} /> : onError;
  }
  return children(query.data);
}
