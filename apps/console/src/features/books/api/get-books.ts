import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

type Range = { market: 'IN' | 'ID'; from: string; to: string };

/** The daily journal of a market over a range, with its receivable and what the replay says is owed. */
export const useJournal = (range: Range) => useQuery(apiQueryOptions('booksJournal', { query: range }));

/** What is owed by days-past-due bucket and its provision at the market's rates. */
export const useProvisioning = (market: 'IN' | 'ID') => useQuery(apiQueryOptions('booksProvisioning', { query: { market } }));

/** Indonesia's TKB90 at the last twelve month-ends. */
export const useTkb90 = (enabled: boolean) => useQuery(apiQueryOptions('booksTkb90', { query: { months: 12 } }, { enabled }));
