import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/shared/api-client';
import { borrowerQuery } from './get-borrower';

/** Ends one of the borrower's sessions (or, null, all of them) on every instance; the page is asked again. */
export const useRevokeSessions = (borrowerId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (session: string | null) => callApi('revokeBorrowerSessions', { id: borrowerId, body: { session } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: borrowerQuery(borrowerId).queryKey }),
  });
};
