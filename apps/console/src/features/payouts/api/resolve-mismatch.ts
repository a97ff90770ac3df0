import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';

/** Resolves a mismatch with the operator's note; the list is asked again. */
export const useResolveMismatch = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => callApi('resolveMismatch', { id, body: { note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('payoutMismatches') }),
  });
};
