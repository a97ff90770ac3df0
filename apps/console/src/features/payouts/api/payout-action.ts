import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';
import { payoutTimelineQuery } from './get-payout-timeline';

/** Retry or cancel-loan with the operator's reason; the answer is the timeline after it, and the list is asked again. */
export const usePayoutAction = (orderId: number, action: 'retryPayout' | 'cancelLoan') => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => callApi(action, { id: orderId, body: { reason } }),
    onSuccess: async (timeline) => {
      queryClient.setQueryData(payoutTimelineQuery(orderId).queryKey, timeline);
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('payouts') });
    },
  });
};
