import type { EndpointName } from '@kilat/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';

/**
 * Submits the loan; answers the lend-details URL (spec §7 loan-detail-push).
 * The calls that list the borrower's orders: a new loan joins them.
 */
const listingOrders: ReadonlySet<EndpointName> = new Set<EndpointName>(['myOrders', 'problemInit', 'problemInitV3']);

export const usePushLoan = () => {
  const queryClient = useQueryClient();
  return useApiMutation('loanPush', {
    loading: true,
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => listingOrders.has(query.queryKey[0] as EndpointName) }),
  });
};
