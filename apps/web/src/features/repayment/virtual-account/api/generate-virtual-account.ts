import { useQuery } from '@tanstack/react-query';
import type { CallRequest } from '@/shared/http/api-client';
import { apiQueryOptions } from '@/shared/http/api-client';

export type GenerateVirtualAccountParams = CallRequest<'generateVirtualAccount'>;

/**
 * The virtual account or mini-market code to pay (spec §7 generate-vcode).
 * Kept for the page's life and never retried behind the borrower's back: each call may open a
 * payment at the gateway. Nothing is asked until the page has its parameters and a repay choice.
 */
export const virtualAccountQuery = (params: GenerateVirtualAccountParams | null) =>
  apiQueryOptions('generateVirtualAccount', params ?? ({} as GenerateVirtualAccountParams), {
    enabled: params !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useGenerateVirtualAccount = (params: GenerateVirtualAccountParams | null) => useQuery(virtualAccountQuery(params));
