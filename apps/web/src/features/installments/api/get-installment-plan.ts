import { useApiQuery } from '@/shared/http/api-client';

/** The waiting and paid periods of an order (spec §7 loan-play-detail). */
export const useInstallmentPlan = (productId: string, orderId: string) =>
  useApiQuery('installmentPlan', { productId, orderId }, { retry: false });
