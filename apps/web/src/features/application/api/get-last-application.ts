import { useApiQuery } from '@/shared/http/api-client';

/**
 * What the borrower gave on their last application (issue 48), offered again on the form; null
 * before the first. A failure leaves the form empty, as for a first application, and says nothing.
 */
export const useLastApplication = () =>
  useApiQuery('lastApplication', {}, { retry: false, silent: true, staleTime: Number.POSITIVE_INFINITY });
