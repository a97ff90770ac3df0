import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/**
 * The session borrower's paid repayments, newest first; one order's with its id (decision 105).
 * The history's query: keyed by call and order, for the hook and for anything that invalidates it after a payment.
 */
export const repaymentHistoryQuery = (orderId = '') => apiQueryOptions('repaymentHistory', { orderId }, { retry: false });

export const useRepaymentHistory = (orderId = '') => useQuery(repaymentHistoryQuery(orderId));
