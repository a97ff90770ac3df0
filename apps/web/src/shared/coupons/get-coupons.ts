import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/**
 * The borrower's coupons (issue 50, decision 251); with an order and the amount about to be paid,
 * what each takes off it (the server's own figure). Read by the coupon list and the pay-way screen.
 */
export const couponsQuery = (forRepayment?: { orderId: string; amount: number }) =>
  apiQueryOptions('coupons', forRepayment ? { orderId: forRepayment.orderId, amount: forRepayment.amount } : {}, {
    retry: false,
    staleTime: 0,
  });

export const useCoupons = (forRepayment?: { orderId: string; amount: number }, enabled = true) =>
  useQuery({ ...couponsQuery(forRepayment), enabled });
