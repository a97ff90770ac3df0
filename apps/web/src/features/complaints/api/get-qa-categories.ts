import { useApiQuery } from '@/shared/http/api-client';

/** The chatbot's question categories (the root of its tree, pid 0), listed on the new complaint page (spec §2). */
export const useQaCategories = (orderNo: string, enabled = true) =>
  useApiQuery('qaList', { orderNo, pid: 0 }, { staleTime: 60_000, enabled });
