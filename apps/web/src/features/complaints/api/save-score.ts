import { callApi, useApiMutation } from '@/shared/http/api-client';

/** Rates the handling of a complaint, 1 to 5 stars (spec §7). */
export const saveScore = (problemId: number, score: number) => callApi('saveScore', { problemId, score });

export const useSaveScore = () => useApiMutation('saveScore');
