import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';
import { loanDetailsQuery } from './get-loan-details';

/** Withdraws the application until its money is sent (issue 29, decision 149); its details are asked again. */
export const useWithdrawApplication = () => {
  const queryClient = useQueryClient();
  return useApiMutation('loanWithdraw', {
    loading: true,
    onSuccess: (_data, { productId, orderId }) =>
      queryClient.invalidateQueries({ queryKey: loanDetailsQuery(productId, orderId).queryKey }),
  });
};
