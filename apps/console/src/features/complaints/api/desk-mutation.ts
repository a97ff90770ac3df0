import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey } from '@/shared/api-client';
import { complaintQuery } from './get-complaint';
import { orderLedgerQuery } from './get-order-ledger';

/** Every desk change refreshes the complaint, its order's ledger and the queue. */
export const useDeskMutation = <V>(id: number, run: (variables: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: complaintQuery(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: orderLedgerQuery(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('queue') }),
      ]);
    },
  });
};
