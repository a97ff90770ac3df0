import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiMutation } from '@/shared/http/api-client';

/**
 * Sends the application; answers the loan confirm address (issue 17, decision 076).
 * An application creates no order (decision 076): it sets the borrower's name and salary, from
 * which loan confirm makes its offer, so a cached offer is asked again.
 */
export const useSubmitApplication = () => {
  const queryClient = useQueryClient();
  return useApiMutation('applicationSubmit', {
    loading: true,
    silent: true,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiQueryKey('loanConfirm') });
      // the application just given is the one to offer next time
      void queryClient.invalidateQueries({ queryKey: apiQueryKey('lastApplication') });
    },
  });
};
