import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';
import { loanDetailsQuery } from './get-loan-details';

/** Cancels an approved loan whose money did not arrive (issue 28, decision 136); its details are asked again. */
export const useCancelLoan = () => {
  const queryClient = useQueryClient();
  return useApiMutation('loanCancel', {
    loading: true,
    onSuccess: (_data, { productId, orderId }) =>
      queryClient.invalidateQueries({ queryKey: loanDetailsQuery(productId, orderId).queryKey }),
  });
};
