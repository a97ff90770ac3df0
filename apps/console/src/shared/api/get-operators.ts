import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The operators: the operators page lists them, the desk assigns to them, the audit log filters by them. */
export const operatorsQuery = () => apiQueryOptions('operators', {});

export const useOperators = (enabled = true) => useQuery({ ...operatorsQuery(), enabled });
