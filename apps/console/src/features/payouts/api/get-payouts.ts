import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** Each order's latest payout attempt, filtered by state and market, most recently changed first. */
export const payoutsQuery = (filter: ConsoleRequest<'payouts'>['query']) => apiQueryOptions('payouts', { query: filter });

export const usePayouts = (filter: ConsoleRequest<'payouts'>['query']) => useQuery(payoutsQuery(filter));
