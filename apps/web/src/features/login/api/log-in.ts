import { useQueryClient } from '@tanstack/react-query';
import { useApiMutation } from '@/shared/http/api-client';
import { startSession } from '@/shared/query-context';

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
      startSession(session.sessionId, deviceId);
      void queryClient.resetQueries();
    },
  });
};
