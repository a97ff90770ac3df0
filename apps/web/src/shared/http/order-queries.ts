import type { EndpointName } from '@kilat/contract';
import type { Query, QueryClient } from '@tanstack/react-query';

/** Every call whose answer a payment changes: the order's details, periods, offers, codes, complaint summaries and the repayment history. */
const changedByPayment: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'loanDetails',
  'installmentPlan',
  'delayDetail',
  'repaymentWay',
  'generateVirtualAccount',
  'problemInit',
  'problemInitV3',
  'repaymentHistory',
]);

const isChangedByPayment = (query: Query): boolean => changedByPayment.has(query.queryKey[0] as EndpointName);

/**
 * After a payment settles (or fails), forget what the pages knew of the order (decision 050):
 * a page open now asks again, one opened later starts without the old answer, so no screen shows
 * the amount or period from before the payment.
 */
export const forgetOrderQueries = (queryClient: QueryClient): Promise<void> => queryClient.resetQueries({ predicate: isChangedByPayment });

/**
 * A payment has started or been confirmed but not settled: what the pages knew of the order is
 * out of date. Marked stale without asking again now (the page that paid is leaving); a page
 * shown next asks afresh, and the result screen forgets it all once the payment settles.
 */
export const markOrderQueriesStale = (queryClient: QueryClient): Promise<void> =>
  queryClient.invalidateQueries({ predicate: isChangedByPayment, refetchType: 'none' });
