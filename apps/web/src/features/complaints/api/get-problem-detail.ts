import { useQuery } from '@tanstack/react-query';
import { apiQueryOptions } from '@/shared/http/api-client';

/** One complaint with the agent's reply (spec §7). */
export const problemDetailQuery = (problemId: string) => apiQueryOptions('problemDetail', { problemId }, { enabled: problemId !== '' });

export const useProblemDetail = (problemId: string) => useQuery(problemDetailQuery(problemId));
