import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadFailed } from './load-failed';
import { Spinner } from './spinner';

interface QueryStateProps<T> {
  query: UseQueryResult<T, Error>;
  /** the page's own words for a failed load; the shell's loadFailed text when absent */
  failed?: string;
  /** what a failed load shows instead of the retry block (spec §8: some loads fail silently) */
  onError?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The three states of a page's load in one place: a spinner while pending, the failure with a
 * retry (or the page's own error view), and the page itself once the data is there.
 */
export function QueryState<T>({ query, failed, onError, children }: QueryStateProps<T>) {
  if (query.isPending) return <Spinner />;
  if (query.isError) return onError === undefined ? <LoadFailed message={failed} onRetry={() => query.refetch()} /> : onError;
  return children(query.data);
}
