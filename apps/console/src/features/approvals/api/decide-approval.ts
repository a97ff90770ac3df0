import { type ApprovalInboxItem, ApprovalKinds, type ConsoleCallName } from '@kilat/contract/console/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/api-client';

/** The kinds whose request keeps the checker's reason (order approvals, decision 277). */
export const keepsCheckerReason = (kind: ApprovalInboxItem['kind']) =>
  kind === 'penalty_waiver' || kind === 'write_off' || kind === 'refund' || kind === 'offline_repayment' || kind === 'reversal';

/**
 * Approves or rejects one request through its source's own call (the waiver's, the write-off's, the
 * settlement's…), so its posting and audit stay one path; the inbox and the order are asked again.
 */
export const useDecideApproval = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ item, approve, reason }: { item: ApprovalInboxItem; approve: boolean; reason?: string }) => {
      const calls: { approve: ConsoleCallName; reject: ConsoleCallName } | null = ApprovalKinds[item.kind].decide;
      if (!calls) throw new Error(`${item.kind} is decided on its own page`);
      // every decide call takes the request's id (an order request the checker's reason too) and answers nothing the inbox reads
      await callApi((approve ? calls.approve : calls.reject) as 'approveWaiver', { id: item.id, ...(reason ? { body: { reason } } : {}) });
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
