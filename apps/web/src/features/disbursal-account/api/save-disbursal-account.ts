import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';

/**
 * Checks and keeps the account the loan is sent to (issue 28). A refusal is shown beside the form,
 * not toasted; whatever the bank said, the account read by loan confirm is asked again.
 */
export const useSaveDisbursalAccount = () => {
  const queryClient = useQueryClient();
  return useApiMutation('disbursalAccountSave', {
    loading: true,
    silent: true,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['disbursalAccount'] }),
  });
};
