import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/**
 * The extension offer of an order (spec §7 delay-detail).
 * The offer's query, keyed by order: a payment forgets it (shared/http/order-queries).
 */
export const delayDetailQuery = (productId: string, orderId: string) =>
  apiQueryOptions('delayDetail', { productId, orderId }, { retry: false });

export const useDelayDetail = (productId: string, orderId: string) => useQuery(delayDetailQuery(productId, orderId));
