import { useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, useApiMutation } from '@/shared/http/api-client';

/**
 * Rates the handling of a complaint, 1 to 5 stars (spec §7).
 * A rated complaint is no longer asked to be rated: its detail and the list are asked again.
 */
export const useSaveScore = () => {
  const queryClient = useQueryClient();
  return useApiMutation('saveScore', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: apiQueryKey('problemDetail') });
      void queryClient.invalidateQueries({ queryKey: apiQueryKey('problemList') });
    },
  });
};
