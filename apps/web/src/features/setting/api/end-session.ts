import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';
import { endSession } from '@/shared/query-context';

/**
 * What every call that ends the session changes: the tab forgets its token, and every cached
 * answer belonged to that session, so all are removed rather than refetched without one.
 */
const forgetSession = (queryClient: QueryClient) => {
  endSession();
  queryClient.removeQueries();
};

/** A single-flight mutation (decision 090) over one session-ending call: log out, log out everywhere, delete the account. */
export const useSessionEnding = (name: 'logout' | 'logoutEverywhere' | 'deleteAccount') => {
  const queryClient = useQueryClient();
  return useApiMutation(name, { loading: true, onSuccess: () => forgetSession(queryClient) });
};
