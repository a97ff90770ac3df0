import { type ApprovalInboxItem, ApprovalKinds, type ConsoleCallName } from '@kilat/contract/console/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';

/**
 * Approves or rejects one request through its source's own call (the waiver's, the write-off's, the
 * settlement's…), so its posting and audit stay one path; the inbox and the order are asked again.
 */
export const useDecideApproval = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, approve }: { item: ApprovalInboxItem; approve: boolean }) => {
      const calls: { approve: ConsoleCallName; reject: ConsoleCallName } | null = ApprovalKinds[item.kind].decide;
      if (!calls) throw new Error(`${item.kind} is decided on its own page`);
      // every decide call takes the request's id alone and answers nothing the inbox reads
      await callApi((approve ? calls.approve : calls.reject) as 'approveWaiver', { id: item.id });
      return { item, approve };
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiQueryKey('approvals') }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('order') }),
        // a coupon issue approved here issues its coupons: the Coupons screen's lists change too
        queryClient.invalidateQueries({ queryKey: apiQueryKey('couponIssues') }),
        queryClient.invalidateQueries({ queryKey: apiQueryKey('couponCampaigns') }),
      ]),
  });
};
