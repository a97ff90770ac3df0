import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api-client';
import { reviewsQuery } from './get-reviews';

/** A second risk operator confirms another's approval of a rule exception (decision 161); the queue is asked again. */
export const useConfirmReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi('confirmReview', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewsQuery().queryKey }),
  });
};
