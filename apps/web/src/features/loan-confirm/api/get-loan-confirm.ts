import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** The amount (minor units) and term (days) the borrower chose; absent, the server starts at their limit and the product's term. */
export interface AskedOffer {
  amount?: number | undefined;
  term?: number | undefined;
}

/** The loan offer to confirm (spec §7 loan-detail-confirm), priced by the server for what the borrower chose (decision 147). */
export const loanConfirmQuery = (productId: string, asked: AskedOffer = {}) =>
  apiQueryOptions(
    'loanConfirm',
    {
      productId,
      ...(asked.amount ? { amount: asked.amount } : {}),
      ...(asked.term ? { term: asked.term } : {}),
    },
    // the offer of the previous choice stays on screen while the next one is asked
    { retry: false, placeholderData: keepPreviousData },
  );

export const useLoanConfirm = (productId: string, asked: AskedOffer = {}) => useQuery(loanConfirmQuery(productId, asked));
