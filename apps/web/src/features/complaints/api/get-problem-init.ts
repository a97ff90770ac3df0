import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** Which order the complaint pages start from: the saved or chosen order number, else the address's order id. */
export interface ProblemInitParams {
  orderId?: string;
  orderNo?: string;
}

const fields = ({ orderId, orderNo }: ProblemInitParams) => (orderNo ? { orderNo } : { orderId: orderId ?? '' });

/**
 * Problem types and sub-types, the selected order and the borrower's orders (spec §7).
 * The query of the hook, also for the server to fetch before it renders the complaint entry (docs/decisions/080).
 */
export const problemInitQuery = (params: ProblemInitParams) => apiQueryOptions('problemInit', fields(params), { staleTime: 60_000 });

export const useProblemInit = (params: ProblemInitParams) => useQuery(problemInitQuery(params));

/** The same, on the v3 path that the Indonesian new complaint page calls (spec §7). */
export const problemInitV3Query = (params: ProblemInitParams) => apiQueryOptions('problemInitV3', fields(params), { staleTime: 60_000 });

export const useProblemInitV3 = (params: ProblemInitParams) => useQuery(problemInitV3Query(params));
