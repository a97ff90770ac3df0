import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQueryOptions, callApi } from '@/shared/api-client';
import { orderQuery } from './get-order';

/** What the order's write-off, offline repayment, refund and reminder may do now, and what they did. */
export const orderActionsQuery = (id: number) => apiQueryOptions('orderActions', { id });

export const useOrderActions = (id: number) => useQuery(orderActionsQuery(id));

/** Every action changes what the order owes or shows: the order page and its actions are asked again. */
const useOrderChange = <Input, Data>(orderId: number, mutationFn: (input: Input) => Promise<Data>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: orderQuery(orderId).queryKey }),
        queryClient.invalidateQueries({ queryKey: orderActionsQuery(orderId).queryKey }),
      ]),
  });
};

export const useRecordOfflineRepayment = (orderId: number) =>
  useOrderChange(orderId, (body: { amountMinor: number; bankReference: string; receivedOn: string; reason: string }) =>
    callApi('recordOfflineRepayment', { id: orderId, body }),
  );

export const useRequestWriteOff = (orderId: number) =>
  useOrderChange(orderId, (body: { reason: string }) => callApi('requestWriteOff', { id: orderId, body }));

export const useDecideWriteOff = (orderId: number) =>
  useOrderChange(orderId, ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) =>
    callApi(approve ? 'approveWriteOff' : 'rejectWriteOff', { id, ...(reason ? { body: { reason } } : {}) }),
  );

export const useRequestRefund = (orderId: number) =>
  useOrderChange(orderId, (body: { amountMinor: number; reason: string }) => callApi('requestRefund', { id: orderId, body }));

export const useDecideRefund = (orderId: number) =>
  useOrderChange(orderId, ({ id, approve, reason }: { id: number; approve: boolean; reason?: string }) =>
    callApi(approve ? 'approveRefund' : 'rejectRefund', { id, ...(reason ? { body: { reason } } : {}) }),
  );

export const useResendReminder = (orderId: number) =>
  useOrderChange(orderId, (body: { reason: string }) => callApi('resendReminder', { id: orderId, body }));

export const useRequestReversal = (orderId: number) =>
  useOrderChange(orderId, (body: { ledgerId: number; reason: string }) => callApi('requestReversal', { id: orderId, body }));

export const useDecideReversal = (orderId: number) =>
  useOrderChange(orderId, ({ id, approve }: { id: number; approve: boolean }) =>
    callApi(approve ? 'approveReversal' : 'rejectReversal', { id }),
  );
