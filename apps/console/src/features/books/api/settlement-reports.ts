import type { SettlementReportFormat } from '@kilat/contract/console/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, apiQueryOptions, callApi } from '@/shared/api-client';

/** A market's gateway settlement lines against the ledger: the differences not yet resolved, those matched, those resolved. */
export const useSettlementLines = (market: 'IN' | 'ID', status: 'open' | 'matched' | 'resolved') =>
  useQuery(apiQueryOptions('settlementLines', { query: { market, status } }));

const invalidate = (queryClient: ReturnType<typeof useQueryClient>) =>
  queryClient.invalidateQueries({ queryKey: apiQueryKey('settlementLines') });

/** Uploads a gateway's settlement report as the file's text; the lines are asked again. */
export const useUploadSettlementReport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { format: SettlementReportFormat; fileName: string; csv: string }) => callApi('uploadSettlementReport', { body }),
    onSuccess: () => invalidate(queryClient),
  });
};

/** Resolves a difference with the operator's note. */
export const useResolveSettlementLine = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => callApi('resolveSettlementLine', { id, body: { note } }),
    onSuccess: () => invalidate(queryClient),
  });
};
