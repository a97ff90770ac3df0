import { useQueryClient } from '@tanstack/react-query';
import type { CallRequest } from '@/shared/http/api-client';
import { callApi, useApiMutation } from '@/shared/http/api-client';

/** One application is sent at a time (shared/hooks/use-single-flight). */
export const applicationSubmitKey = ['applicationSubmit'] as const;

/** Sends the application; answers the loan confirm address (issue 17, decision 076). */
export const submitApplication = (params: CallRequest<'applicationSubmit'>) => callApi('applicationSubmit', params, { loading: true });

/** An application is a new order of the borrower: the list of their orders is asked again. */
export const useSubmitApplication = () => {
  const queryClient = useQueryClient();
  return useApiMutation('applicationSubmit', {
    loading: true,
    mutationKey: applicationSubmitKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['myOrders'] }),
  });
};
