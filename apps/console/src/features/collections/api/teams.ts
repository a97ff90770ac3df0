/** Teams and agencies with their collectors, each market's stages; a supervisor adds a team or a collector (issue 46). */
import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, apiQueryOptions, callApi } from '@/shared/api-client';

export const useTeams = () => useQuery(apiQueryOptions('collectionTeams', {}));

export const useStages = (market: 'IN' | 'ID') => useQuery(apiQueryOptions('collectionStages', { query: { market } }));

export const useAddTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleRequest<'addCollectionTeam'>['body']) => callApi('addCollectionTeam', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('collectionTeams') }),
  });
};

export const useAddCollector = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleRequest<'addCollector'>['body']) => callApi('addCollector', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('collectionTeams') }),
  });
};

/** Replace a market's stages and daily cap; the server checks the ranges and audits the change. */
export const useSaveStages = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleRequest<'saveCollectionStages'>['body']) => callApi('saveCollectionStages', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('collectionStages') }),
  });
};
