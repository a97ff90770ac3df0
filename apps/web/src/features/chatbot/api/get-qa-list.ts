import { useQuery } from '@tanstack/react-query';
import { apiQueryKey, apiQueryOptions } from '@/shared/http/api-client';

/** A chatbot node's question and its answers; pid 0 lists the categories (spec §4, §7). Every node's query starts with this key. */
export const qaListKey = apiQueryKey('qaList');

/** One node's query, keyed by order and node: for the categories' hook, and for the page to fetch a tapped node through the same cache. */
export const qaListQuery = (orderNo: string, pid: number) => apiQueryOptions('qaList', { orderNo, pid });

/** The categories at the bottom of the chat: the tree's root (pid 0). */
export const useQaCategories = (orderNo: string) => useQuery(qaListQuery(orderNo, 0));
