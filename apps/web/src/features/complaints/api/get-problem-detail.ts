import { callApi, useApiQuery } from '@/shared/http/api-client';

/** One complaint with the agent's reply (spec §7). */
export const getProblemDetail = (problemId: string) => callApi('problemDetail', { problemId });

export const useProblemDetail = (problemId: string) => useApiQuery('problemDetail', { problemId }, { enabled: problemId !== '' });
