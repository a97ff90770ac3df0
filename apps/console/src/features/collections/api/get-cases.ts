import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** A collector's cases (a supervisor's: any queue), broken promises and promises due today first (issue 46). */
export const casesQuery = (query: ConsoleRequest<'collectionCases'>['query']) => apiQueryOptions('collectionCases', { query });

export const useCases = (query: ConsoleRequest<'collectionCases'>['query']) => useQuery(casesQuery(query));
