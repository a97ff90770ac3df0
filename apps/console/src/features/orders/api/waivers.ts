import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api-client';
import { orderQuery } from './get-order';

/** Asks for a penalty waiver; the order page is asked again (it may be posted at once). */
export const useRequestWaiver = (orderId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { amountMinor: number; reason: string }) => callApi('requestWaiver', { id: orderId, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQuery(orderId).queryKey }),
  });
};

/** Approves or rejects another operator's waiver; the order page is asked again. */
export const useDecideWaiver = (orderId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) =>
      callApi(approve ? 'approveWaiver' : 'rejectWaiver', { id, ...(reason ? { body: { reason } } : {}) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: orderQuery(orderId).queryKey }),
  });
};
