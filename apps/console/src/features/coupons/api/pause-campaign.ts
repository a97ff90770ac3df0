import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';

/** Pauses or resumes a campaign (audited by the server); the list is asked again. */
export const usePauseCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, paused }: { id: number; paused: boolean }) =>
      callApi(paused ? 'pauseCouponCampaign' : 'resumeCouponCampaign', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('couponCampaigns') }),
  });
};
