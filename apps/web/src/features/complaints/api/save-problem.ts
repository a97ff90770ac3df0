import type { CallRequest } from '@kilat/contract/schemas';
import { useQueryClient } from '@tanstack/react-query';
import { callApi, useApiMutation } from '@/shared/http/api-client';

export type ProblemSubmission = CallRequest<'problemSave'>;

/** Sends a complaint (spec §7): type, sub-type, description, comma-joined image urls and the order. */
export const saveProblem = (submission: ProblemSubmission) => callApi('problemSave', submission);

/** A sent complaint joins 'My complaints' and may change what the entry offers: the list and the init are asked again. */
export const useSaveProblem = () => {
  const queryClient = useQueryClient();
  return useApiMutation('problemSave', {
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['problemList'] });
      void queryClient.invalidateQueries({ queryKey: ['problemInit'] });
      void queryClient.invalidateQueries({ queryKey: ['problemInitV3'] });
    },
  });
};
