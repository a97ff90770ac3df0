import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/**
 * The waiting and paid periods of an order (spec §7 loan-play-detail).
 * The plan's query: keyed by call and order, for the hook and for anything that prefetches or invalidates it.
 */
export const installmentPlanQuery = (productId: string, orderId: string) =>
  apiQueryOptions('installmentPlan', { productId, orderId }, { retry: false });

export const useInstallmentPlan = (productId: string, orderId: string) => useQuery(installmentPlanQuery(productId, orderId));
