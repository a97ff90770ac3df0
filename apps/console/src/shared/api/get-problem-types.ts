import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/api-client';

/** The problem types and sub-types: the desk's filters and the templates' types both list them. */
export const problemTypesQuery = () => apiQueryOptions('problemTypes', {});

export const useProblemTypes = () => useQuery(problemTypesQuery());
