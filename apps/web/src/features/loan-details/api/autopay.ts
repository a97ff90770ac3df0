import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, apiQueryOptions, useApiMutation } from '@/shared/http/api-client';

/** India's AutoPay of the loan (issue 51 item 2): asked only in India, silently (a refusal shows no section). */
export const autopayQuery = (orderId: string) => apiQueryOptions('autopayMandate', { orderId }, { silent: true, retry: false });

export const useAutopay = (orderId: string, enabled: boolean) => useQuery({ ...autopayQuery(orderId), enabled });

/** Sets up a mandate; the page then sends the borrower to approve it (their UPI app or bank, or the sandbox's page). */
export const useSetUpAutopay = () => useApiMutation('autopaySetUp', { loading: true });

/** Pauses, resumes or cancels the mandate; the section is asked again. */
export const useChangeAutopay = () => {
  const queryClient = useQueryClient();
  return useApiMutation('autopayChange', {
    loading: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('autopayMandate') }),
  });
};
