import type { ConsoleRequest } from '@kilat/contract/console/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api-client';
import { reviewsQuery } from './get-reviews';

/** Approves or rejects one application with a reason (audited); the queue is asked again. */
export const useDecideReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ConsoleRequest<'decideReview'>['body'] }) => callApi('decideReview', { id, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQuery().queryKey }),
  });
};
