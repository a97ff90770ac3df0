import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The figures of one market over a range of its business dates. */
export const useDashboard = (query: ConsoleRequest<'dashboard'>['query']) =>
  useQuery(apiQueryOptions('dashboard', { query }, { placeholderData: keepPreviousData }));

/** One page of the list behind a figure, after a cursor. */
export const useDashboardList = (query: ConsoleRequest<'dashboardList'>['query']) => useQuery(apiQueryOptions('dashboardList', { query }));
