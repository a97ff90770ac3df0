import type { PaymentPurpose } from '@kilat/contract/schemas';
import { useApiQuery } from '@/shared/http/api-client';

/**
 * The borrower's cards, the third-party option and a single-use repayToken (spec §7 repayment-way).
 * Never cached: each visit and each consumed token asks for a new one.
 */
export const useRepaymentWay = (orderId: string, amount: number | undefined, purpose: PaymentPurpose) =>
  useApiQuery(
    'repaymentWay',
    { orderId, amount, purpose },
    { retry: false, staleTime: 0, gcTime: 0, fallbackMessage: 'queryCardListFailed' },
  );
