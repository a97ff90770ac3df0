import { useApiQuery } from '@/shared/http/api-client';

/**
 * The order details of loan details (spec §7), on load. Silent: a response with success false
 * shows nothing at all (spec §8), not even a toast.
 */
export const useLoanDetails = (productId: string, orderId: string) =>
  useApiQuery('loanDetails', { productId, orderId }, { silent: true, retry: false });
