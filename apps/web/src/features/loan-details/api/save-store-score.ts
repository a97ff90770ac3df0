import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';
import { loanDetailsQuery } from './get-loan-details';

/**
 * Sends the stars the borrower picked (DESIGN §6: not the constant 5 the spec's page sent).
 * A score ends the order's rating prompt (isScore), so its details are asked again.
 */
export const useSaveStoreScore = () => {
  const queryClient = useQueryClient();
  return useApiMutation('storeScore', {
    loading: true,
    onSuccess: (_data, { productId, orderId }) =>
      queryClient.invalidateQueries({ queryKey: loanDetailsQuery(productId, orderId).queryKey }),
  });
};
