import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { endSession } from '@/shared/query-context';

/**
 * What every call that ends the session changes: the tab forgets its token, and every cached
 * answer belonged to that session, so all are removed rather than refetched without one.
 */
const forgetSession = (queryClient: QueryClient) => {
  endSession();
  queryClient.removeQueries();
};

/** A mutation over one session-ending call (log out, log out everywhere, delete the account). */
export const useSessionEnding = (call: () => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => forgetSession(queryClient) });
};
