import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** One case: what is owed today by component, its history, contacts, promises, flags and settlements. */
export const caseQuery = (id: number) => apiQueryOptions('collectionCase', { id });

export const useCase = (id: number) => useQuery(caseQuery(id));
