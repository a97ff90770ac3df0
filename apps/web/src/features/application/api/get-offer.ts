import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/**
 * The offer of the amount and term being chosen on the application (issue 29): loan confirm's own
 * call, so the cost shown is the server's pricing (lending/), never a second formula here.
 */
export const useOffer = (productId: string, asked: { amount?: number | undefined; term?: number | undefined }) =>
  useQuery(
    apiQueryOptions(
      'loanConfirm',
      { productId, ...(asked.amount ? { amount: asked.amount } : {}), ...(asked.term ? { term: asked.term } : {}) },
      { retry: false, placeholderData: keepPreviousData },
    ),
  );
