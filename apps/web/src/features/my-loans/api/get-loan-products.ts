import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** The lending products of the borrower's market (issue 17). */
export const loanProductsQuery = () => apiQueryOptions('loanProducts', {});

export const useLoanProducts = () => useQuery(loanProductsQuery());
