import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The complaint's order as the one waterfall replays it: what each row did and what is still owed. */
export const orderLedgerQuery = (id: number) => apiQueryOptions('orderLedger', { id });

export const useOrderLedger = (id: number) => useQuery(orderLedgerQuery(id));
