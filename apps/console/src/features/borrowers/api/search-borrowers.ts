import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** One page of a borrower search (by id, after the cursor); nothing is asked until there is something to look for. */
export const searchQuery = (q: string, after: number) =>
  apiQueryOptions('searchBorrowers', { query: { q, after } }, { enabled: q.trim().length >= 2 });

export const useBorrowerSearch = (q: string, after: number) => useQuery(searchQuery(q, after));
