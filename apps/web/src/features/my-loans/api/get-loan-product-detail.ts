import { useApiQuery } from '@/shared/http/api-client';

/** One product with its prices and a worked example from the lending core (issue 17). */
export const useLoanProductDetail = (productId: string) => useApiQuery('loanProductDetail', { productId }, { retry: false });
