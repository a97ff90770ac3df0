import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, callApi } from '@/shared/http/api-client';

/** The session borrower's paid repayments, newest first; one order's with its id (decision 105). */
export const getRepaymentHistory = (orderId = '') => callApi('repaymentHistory', { orderId });

/** The history's query: keyed by call and order, for the hook and for anything that invalidates it after a payment. */
export const repaymentHistoryQuery = (orderId = '') => apiQueryOptions('repaymentHistory', { orderId }, { retry: false });

export const useRepaymentHistory = (orderId = '') => useQuery(repaymentHistoryQuery(orderId));
