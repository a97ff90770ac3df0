import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiMutation } from '@/shared/http/api-client';
import { markOrderQueriesStale } from '@/shared/http/order-queries';

/**
 * Starts a card repayment, or sends its SMS code again with sendMsg 1 (spec §7 repayment-commit).
 * A started payment changes the order; a failed start may have spent the repayToken, so the
 * cards and a new token are asked again. A failed resend keeps the token: paying again after
 * cancel carries on with the same payment (decision 019).
 */
export const useCommitRepayment = () => {
  const queryClient = useQueryClient();
  return useApiMutation('repaymentCommit', {
    loading: true,
    onSuccess: () => markOrderQueriesStale(queryClient),
    onError: (_error, fields) =>
      fields.sendMsg === 0 ? queryClient.invalidateQueries({ queryKey: apiQueryKey('repaymentWay') }) : undefined,
  });
};
