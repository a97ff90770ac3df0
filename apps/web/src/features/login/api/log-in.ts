import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';
import { getMarket, startSession } from '@/shared/query-context';

/**
 * Logs in with phone and SMS code; answers the session for this device.
 * Logs in and keeps the session in the tab. Whatever was cached before it belonged to no one or
 * to another borrower, so every query starts again.
 */
export const useLogIn = () => {
  const queryClient = useQueryClient();
  return useApiMutation('login', {
    loading: true,
    onSuccess: (session, { deviceId }) => {
      // the login page's market is the borrower's: the server looked the phone up in it
      startSession(session.sessionId, deviceId, getMarket());
      void queryClient.resetQueries();
    },
  });
};
