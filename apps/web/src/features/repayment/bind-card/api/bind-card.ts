import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiMutation } from '@/shared/http/api-client';

/**
 * Binds a card; the server tokenises it at once and answers it masked (our bind-card call, decision 021).
 * A bound card joins the borrower's cards, which pay-way's repayment-way lists: that list is asked again.
 */
export const useBindCard = () => {
  const queryClient = useQueryClient();
  return useApiMutation('bindCard', {
    loading: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('repaymentWay') }),
  });
};
