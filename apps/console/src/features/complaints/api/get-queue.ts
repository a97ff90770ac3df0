import type { ComplaintQueueFilter } from '@kilat/contract/console/browser';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The queue is asked again this often while it is shown, and whenever the operator comes back to the tab. */
export const QUEUE_REFRESH_MS = 30_000;

/** The complaint queue, oldest first, with its SLA clock, filtered and paged. */
export const queueQuery = (filter: ComplaintQueueFilter) =>
  apiQueryOptions('queue', { query: filter }, { refetchInterval: QUEUE_REFRESH_MS, refetchOnWindowFocus: true });

export const useQueue = (filter: ComplaintQueueFilter) => useQuery(queueQuery(filter));
