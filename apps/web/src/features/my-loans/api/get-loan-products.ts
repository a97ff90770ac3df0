import { useApiQuery } from '@/shared/http/api-client';

/** The lending products of the borrower's market (issue 17). */
export const useLoanProducts = (options: { enabled?: boolean } = {}) => useApiQuery('loanProducts', {}, options);
