import type { StatementFormat } from '@kilat/contract/console/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiQueryKey, apiQueryOptions, callApi } from '@/shared/api-client';

/** A market's statement credits by status: the unmatched queue, those matched, those resolved. */
export const useStatementLines = (market: 'IN' | 'ID', status: 'unmatched' | 'matched' | 'resolved') =>
  useQuery(apiQueryOptions('statementLines', { query: { market, status } }));

/** Each gateway's days: its payments in the ledger beside its settlement on the statement. */
export const useSettlements = (range: { market: 'IN' | 'ID'; from: string; to: string }) =>
  useQuery(apiQueryOptions('gatewaySettlements', { query: range }));

const invalidate = (queryClient: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: apiQueryKey('statementLines') }),
    queryClient.invalidateQueries({ queryKey: apiQueryKey('gatewaySettlements') }),
  ]);

/** Uploads a statement as the file's text; the queue and the settlements are asked again. */
export const useUploadStatement = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { market: 'IN' | 'ID'; format: StatementFormat; bankAccount?: string; fileName: string; csv: string }) =>
      callApi('uploadStatement', { body }),
    onSuccess: () => invalidate(queryClient),
  });
};

/** Resolves a credit that matches nothing with the operator's note. */
export const useResolveStatementLine = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => callApi('resolveStatementLine', { id, body: { note } }),
    onSuccess: () => invalidate(queryClient),
  });
};
