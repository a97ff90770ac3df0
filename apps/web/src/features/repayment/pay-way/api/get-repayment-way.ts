import type { PaymentPurpose } from '@kilat/contract/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { apiQueryOptions, type CallData } from '@/shared/http/api-client';
import { forgetServed, SINGLE_USE_META, servedOnce } from '@/shared/http/single-use';
import { serverRequest } from '@/shared/server-request';

/**
 * The borrower's cards, the third-party option and a single-use repayToken (spec §7 repayment-way).
 * Never cached: each visit and each consumed token asks for a new one. The answer the server
 * rendered pay-way with is the first visit's (decision 168): that visit does not ask again.
 */
export const repaymentWayQuery = (orderId: string, amount: number | undefined, purpose: PaymentPurpose) =>
  apiQueryOptions(
    'repaymentWay',
    { orderId, amount, purpose },
    { retry: false, staleTime: 0, gcTime: 0, fallbackMessage: 'queryCardListFailed', meta: SINGLE_USE_META },
  );

export const useRepaymentWay = (orderId: string, amount: number | undefined, purpose: PaymentPurpose) => {
  const options = repaymentWayQuery(orderId, amount, purpose);
  // read once, when the page first renders: the server's answer, if this is the visit it was rendered for
  const [served] = useState(() => servedOnce(options.queryKey));
  useEffect(() => {
    if (served) forgetServed(served);
  }, [served]);
  return useQuery({
    ...options,
    initialData: served?.data as CallData<'repaymentWay'> | undefined,
    initialDataUpdatedAt: served?.dataUpdatedAt,
    // the server's token has not been spent: asking again would only mint a second one. The server's own render
    // shows what it fetched, not a fetch to come (which would leave pay disabled in its HTML, and so after hydration)
    refetchOnMount: served === undefined && serverRequest() === undefined,
  });
};
