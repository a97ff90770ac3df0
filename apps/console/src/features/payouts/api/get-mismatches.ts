import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The payout reconciliation's mismatches, unresolved first. */
export const mismatchesQuery = (page: number) => apiQueryOptions('payoutMismatches', { query: { page } });

export const useMismatches = (page: number) => useQuery(mismatchesQuery(page));
