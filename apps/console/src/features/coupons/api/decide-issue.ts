import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';

/** A second operator approves (which issues the coupons) or rejects a coupon issue; the server refuses the maker. */
export const useDecideIssue = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, approve }: { id: number; approve: boolean }) =>
      callApi(approve ? 'approveCouponIssue' : 'rejectCouponIssue', { id }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey('couponIssues') }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('couponCampaigns') }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('couponFigures') }),
      ]),
  });
};
