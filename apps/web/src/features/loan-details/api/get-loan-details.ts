import { apiQueryOptions, useApiQuery } from '@/shared/http/api-client';

const silentOnce = { silent: true, retry: false } as const;

/**
 * The order details of loan details (spec §7), on load. Silent: a response with success false
 * shows nothing at all (spec §8), not even a toast.
 */
export const useLoanDetails = (productId: string, orderId: string) => useApiQuery('loanDetails', { productId, orderId }, silentOnce);

/** The same query, for the server to fetch before it renders the page (docs/decisions/080). */
export const loanDetailsQuery = (productId: string, orderId: string) => apiQueryOptions('loanDetails', { productId, orderId }, silentOnce);
