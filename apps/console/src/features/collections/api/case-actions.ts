/**
 * What a collector does on a case — a contact logged, a promise, an SMS, a flag — each refused by
 * the server outside the hours, beyond the daily cap or while a flag is set; each asks the case and
 * the queue again.
 */
import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';

const useCaseChange = <T, R>(change: (input: T) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('collectionCase') });
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('collectionCases') });
    },
  });
};

export const useLogContact = (id: number) =>
  useCaseChange((body: ConsoleRequest<'logContact'>['body']) => callApi('logContact', { id, body }));

export const useMakePromise = (id: number) =>
  useCaseChange((body: ConsoleRequest<'makePromise'>['body']) => callApi('makePromise', { id, body }));

export const useSendSms = (id: number) =>
  useCaseChange((body: ConsoleRequest<'sendCollectionSms'>['body']) => callApi('sendCollectionSms', { id, body }));

export const useSetStop = (id: number) =>
  useCaseChange((body: ConsoleRequest<'setContactStop'>['body']) => callApi('setContactStop', { id, body }));

export const useLiftStop = () =>
  useCaseChange(({ id, reason }: { id: number; reason: string }) => callApi('liftContactStop', { id, body: { reason } }));

export const useOfferSettlement = (id: number) =>
  useCaseChange((body: ConsoleRequest<'offerSettlement'>['body']) => callApi('offerSettlement', { id, body }));

export const useDecideSettlement = () =>
  useCaseChange(({ id, approve }: { id: number; approve: boolean }) => callApi(approve ? 'approveSettlement' : 'rejectSettlement', { id }));

/** The daily classification and allocation, run now by a supervisor (it also runs as a job). */
export const useRunCollections = () => useCaseChange(() => callApi('runCollections', {}));

export const useAllocate = () => useCaseChange((body: ConsoleRequest<'allocateCases'>['body']) => callApi('allocateCases', { body }));
