import { QueryClient } from '@tanstack/react-query';
import { NetworkError } from './errors';

/** An ApiError is the server's answer and was toasted: asking again changes nothing. A lost connection is tried once more. */
export const shouldRetry = (failureCount: number, error: unknown): boolean => error instanceof NetworkError && failureCount < 1;

export const createQueryClient = (): QueryClient =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // a webview regains focus after every native screen; refetching then would re-toast failures
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      // a repayment or complaint must never be sent twice behind the borrower's back
      mutations: { retry: false },
    },
  });
