import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

// silent: a response with success false shows nothing at all (spec §8), not even a toast
const silentOnce = { silent: true, retry: false } as const;

/**
 * The order details of loan details (spec §7), on load.
 * The details' query: the page's, and the server's before it renders the page (docs/decisions/080).
 */
export const loanDetailsQuery = (productId: string, orderId: string) => apiQueryOptions('loanDetails', { productId, orderId }, silentOnce);

export const useLoanDetails = (productId: string, orderId: string) => useQuery(loanDetailsQuery(productId, orderId));
