import type { PaymentPurpose } from '@kilat/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/**
 * The borrower's cards, the third-party option and a single-use repayToken (spec §7 repayment-way).
 * Never cached: each visit and each consumed token asks for a new one.
 */
export const repaymentWayQuery = (orderId: string, amount: number | undefined, purpose: PaymentPurpose) =>
  apiQueryOptions(
    'repaymentWay',
    { orderId, amount, purpose },
    { retry: false, staleTime: 0, gcTime: 0, fallbackMessage: 'queryCardListFailed' },
  );

export const useRepaymentWay = (orderId: string, amount: number | undefined, purpose: PaymentPurpose) =>
  useQuery(repaymentWayQuery(orderId, amount, purpose));
