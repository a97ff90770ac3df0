import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';

/** Issues a list campaign to an uploaded CSV, or an everyone campaign (audited; above the threshold it waits for a second operator). */
export const useIssueCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, csv, reason }: { id: number; csv?: string; reason: string }) =>
      callApi('issueCouponCampaign', { id, body: csv === undefined ? { reason } : { csv, reason } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey('couponIssues') }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('couponCampaigns') }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('couponFigures') }),
      ]),
  });
};
