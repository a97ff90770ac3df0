/** The signed-in operator: read once from GET /session, set by sign-in, cleared by sign-out or an expired session. */
import type { Permission, SessionData, SignInRequestBody } from '@kilat/contract/console/browser';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, callApi, setCsrfToken, whenSignedOut } from './api-client';

interface SessionState {
  /** undefined while the first check runs */
  session: SessionData | null | undefined;
  signIn(body: SignInRequestBody): Promise<void>;
  signOut(): Promise<void>;
  can(permission: Permission): boolean;
  /** why the operator was sent back to sign in, if the server ended the session */
  endedMessage: string;
}

const SessionContext = createContext<SessionState | null>(null);

export const SessionProvider = ({ children }: { children: ReactNode }) => {
  const [session, setSession] = useState<SessionData | null | undefined>(undefined);
  const [endedMessage, setEndedMessage] = useState('');
  const queryClient = useQueryClient();

  const accept = useCallback((data: SessionData | null) => {
    setCsrfToken(data?.csrfToken ?? '');
    setSession(data);
  }, []);

  useEffect(() => {
    whenSignedOut(() => {
      accept(null);
      queryClient.clear();
      setEndedMessage('Your session ended. Sign in again.');
    });
    callApi('session', {}).then(accept, (error: unknown) => {
      if (error instanceof ApiError && error.status === 401) accept(null);
      else throw error;
    });
  }, [accept, queryClient]);

  const value = useMemo<SessionState>(
    () => ({
      session,
      endedMessage,
      signIn: async (body) => {
        accept(await callApi('signIn', { body }));
        setEndedMessage('');
      },
      signOut: async () => {
        await callApi('signOut', {});
        queryClient.clear();
        accept(null);
      },
      can: (permission) => session?.permissions.includes(permission) ?? false,
    }),
    [session, endedMessage, accept, queryClient],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
};

export const useSession = (): SessionState => {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
};
