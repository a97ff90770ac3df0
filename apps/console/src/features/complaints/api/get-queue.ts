import type { ComplaintQueueFilter } from '@kilat/contract/console/browser';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The complaint queue, oldest first, with its SLA clock, filtered and paged. */
export const queueQuery = (filter: ComplaintQueueFilter) => apiQueryOptions('queue', { query: filter });

export const useQueue = (filter: ComplaintQueueFilter) => useQuery(queueQuery(filter));
