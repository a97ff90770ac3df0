import { useApiQuery } from '@/shared/http/api-client';

/**
 * Who the borrower is (issue 29): whether their identity is verified, shown beside the offer with
 * the way to the identity page. Loan confirm still shows the offer when it cannot be read.
 */
export const useIdentity = () => useApiQuery('identity', {}, { retry: false, silent: true });
