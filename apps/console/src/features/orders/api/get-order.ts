import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** An order's page: timeline, what it owes today, the ledger replayed, payouts, payments, webhook events. */
export const orderQuery = (id: number) => apiQueryOptions('order', { id });

export const useOrder = (id: number) => useQuery(orderQuery(id));
