import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** One product with its prices and a worked example from the lending core (issue 17). */
// an unknown product is the server's answer: asking again changes nothing
export const loanProductDetailQuery = (productId: string) => apiQueryOptions('loanProductDetail', { productId }, { retry: false });

export const useLoanProductDetail = (productId: string) => useQuery(loanProductDetailQuery(productId));
