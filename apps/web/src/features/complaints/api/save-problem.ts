import type { CallRequest } from '@kilat/contract/schemas';
import { callApi, useApiMutation } from '@/shared/http/api-client';

export type ProblemSubmission = CallRequest<'problemSave'>;

/** Sends a complaint (spec §7): type, sub-type, description, comma-joined image urls and the order. */
export const saveProblem = (submission: ProblemSubmission) => callApi('problemSave', submission);

export const useSaveProblem = () => useApiMutation('problemSave');
