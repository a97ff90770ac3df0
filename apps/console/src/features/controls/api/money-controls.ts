import type { MoneyControlView } from '@kilat/contract/console/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, apiQueryOptions, callApi } from '@/shared/api-client';

/** The control matrix: per market and action, what may move in a business day without a second person. */
export const useMoneyControls = () => useQuery(apiQueryOptions('moneyControls', {}));

export type ControlChange = Pick<MoneyControlView, 'market' | 'action' | 'orderDayMinor' | 'operatorDayMinor'> & { reason: string };

/** An admin's change of one market and action's limits, with a reason; the matrix is asked again. */
export const useChangeMoneyControl = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ControlChange) => callApi('changeMoneyControl', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('moneyControls') }),
  });
};
