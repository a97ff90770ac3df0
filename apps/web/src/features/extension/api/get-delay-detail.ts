import { useApiQuery } from '@/shared/http/api-client';

/** The extension offer of an order (spec §7 delay-detail). */
export const useDelayDetail = (productId: string, orderId: string) => useApiQuery('delayDetail', { productId, orderId }, { retry: false });
