import type { CallData } from '@kilat/contract/schemas';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@/shared/http/api-client';

export type ProblemListPage = CallData<'problemList'>;
export type ComplaintTab = ProblemListPage['tabs'][number];

/** One page of the borrower's complaints in the server's tabs (spec §7). */
export const getProblemList = (page: number) => callApi('problemList', { page });

/** The tabs with the complaints of every page loaded so far, and whether a tab has more. */
export const mergeProblemPages = (pages: readonly ProblemListPage[]): (ComplaintTab & { hasMore: boolean })[] => {
  const merged = new Map<number, ComplaintTab>();
  for (const page of pages) {
    for (const tab of page.tabs) {
      const seen = merged.get(tab.status);
      merged.set(tab.status, seen ? { ...seen, list: [...seen.list, ...tab.list], total: tab.total ?? seen.total } : tab);
    }
  }
  return [...merged.values()].map((tab) => ({ ...tab, hasMore: tab.total !== undefined && tab.list.length < tab.total }));
};

/** The pages loaded so far as one query, the next page while a tab has more. */
export const problemListQuery = () =>
  infiniteQueryOptions({
    queryKey: apiQueryKey('problemList'),
    queryFn: ({ pageParam }) => getProblemList(pageParam),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => (mergeProblemPages(pages).some((tab) => tab.hasMore) ? pages.length + 1 : undefined),
  });

export const useProblemList = () => useInfiniteQuery(problemListQuery());
