/** The collections dashboard of one market over a range (issue 46 §5), and where its CSV is downloaded. */
import { COLLECTIONS_DASHBOARD_CSV_PATH, CONSOLE_API_PREFIX, type ConsoleRequest } from '@kilat/contract/console/browser';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

export type CollectionsDashboardFilter = ConsoleRequest<'collectionsDashboard'>['query'];

export const useCollectionsDashboard = (query: CollectionsDashboardFilter) => useQuery(apiQueryOptions('collectionsDashboard', { query }));

export const collectionsCsvHref = ({ market, from, to }: CollectionsDashboardFilter) =>
  `${CONSOLE_API_PREFIX}${COLLECTIONS_DASHBOARD_CSV_PATH}?${new URLSearchParams({
    market,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  })}`;
