import { useQueryClient } from '@tanstack/react-query';
import { type CallRequest, callApi, useApiMutation } from '@/shared/http/api-client';

/** Binds a card; the server tokenises it at once and answers it masked (our bind-card call, decision 021). */
export const bindCard = (fields: CallRequest<'bindCard'>) => callApi('bindCard', fields, { loading: true });

/** A bound card joins the borrower's cards, which pay-way's repayment-way lists: that list is asked again. */
export const useBindCard = () => {
  const queryClient = useQueryClient();
  return useApiMutation('bindCard', {
    loading: true,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['repaymentWay'] }),
  });
};
