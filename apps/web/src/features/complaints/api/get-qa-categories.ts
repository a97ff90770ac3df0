import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** The chatbot's question categories (the root of its tree, pid 0), listed on the new complaint page (spec §2). */
export const qaCategoriesQuery = (orderNo: string, enabled = true) =>
  apiQueryOptions('qaList', { orderNo, pid: 0 }, { staleTime: 60_000, enabled });

export const useQaCategories = (orderNo: string, enabled = true) => useQuery(qaCategoriesQuery(orderNo, enabled));
