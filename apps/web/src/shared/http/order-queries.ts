import type { EndpointName } from '@kilat/contract';
import type { QueryClient } from '@tanstack/react-query';

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

/**
 * After a payment settles (or fails), forget what the pages knew of the order (decision 050):
 * a page open now asks again, one opened later starts without the old answer, so no screen shows
 * the amount or period from before the payment.
 */
export const forgetOrderQueries = (queryClient: QueryClient): Promise<void> =>
  queryClient.resetQueries({ predicate: (query) => changedByPayment.has(query.queryKey[0] as EndpointName) });
