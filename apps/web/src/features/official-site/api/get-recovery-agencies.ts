import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** The outside recovery agencies of the market (issue 46, decision 218): the same teams the collections desk allocates to. */
export const recoveryAgenciesQuery = () => apiQueryOptions('recoveryAgencies', {});

export const useRecoveryAgencies = () => useQuery(recoveryAgenciesQuery());
