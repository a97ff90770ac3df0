import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';

/** Creates a campaign (audited by the server); the list is asked again. */
export const useCreateCampaign = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsoleRequest<'createCouponCampaign'>['body']) => callApi('createCouponCampaign', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiQueryKey('couponCampaigns') }),
  });
};
