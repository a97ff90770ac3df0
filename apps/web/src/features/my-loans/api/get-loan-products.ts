import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions, callApi } from '@/shared/http/api-client';

/** The lending products of the borrower's market (issue 17). */
export const getLoanProducts = () => callApi('loanProducts', {});

export const loanProductsQuery = () => apiQueryOptions('loanProducts', {});

export const useLoanProducts = () => useQuery(loanProductsQuery());
