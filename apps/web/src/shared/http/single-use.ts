import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { hashKey } from '@tanstack/react-query';

/**
 * Data the server rendered a page with that may be used only once, such as repayment-way's
 * single-use repayToken (decision 168). A query marks itself with this meta; its server-rendered
 * answer is taken out of the browser's query cache when the cache is filled from the HTML, and kept
 * here for the page's first visit alone. Left in the cache, a later visit would show the token the
 * first one may have spent.
 */
export const SINGLE_USE_META = { singleUse: true } as const;

interface Served {
  queryHash: string;
  data: unknown;
  dataUpdatedAt: number;
}

const served = new Map<string, Served>();

/** After the cache is filled from the server's HTML: parks the single-use answers for their first visit. */
export const parkSingleUse = (client: QueryClient): void => {
  const cache = client.getQueryCache();
  for (const query of cache.getAll()) {
    if (query.meta?.singleUse !== true || query.state.data === undefined) continue;
    served.set(query.queryHash, { queryHash: query.queryHash, data: query.state.data, dataUpdatedAt: query.state.dataUpdatedAt });
    cache.remove(query);
  }
};

/** The server's answer for this key, while its first visit has not shown it yet; undefined otherwise. */
export const servedOnce = (queryKey: QueryKey): Served | undefined => served.get(hashKey(queryKey));

/** The first visit has shown the server's answer: no later visit gets it. */
export const forgetServed = (answer: Served): void => {
  served.delete(answer.queryHash);
};
