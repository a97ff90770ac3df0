import { type ComponentType, useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { Paths } from '@/shared/paths';
import { getSessionToken } from '@/shared/query-context';
import { serverRequest } from '@/shared/server-request';
import { Spinner } from '@/shared/ui';

/** The address the borrower is at, hash route included, to come back to after logging in. */
export const currentAddress = (): string => `${window.location.pathname}${window.location.search}${window.location.hash}`;

/** The login page's address for a borrower sent there from `path`, to come back after. */
export const loginHref = (path: string, search: string): string =>
  `${Paths.login}?${new URLSearchParams({ next: search ? `${path}?${search}` : path })}`;

/**
 * Pages that need a session (issue 17): a signed-out borrower is sent to login, and back here
 * after it. The session is the token DESIGN §3 keeps in sessionStorage.
 */
export const requireSession = (Page: ComponentType) =>
  function SessionPage() {
    const [path, navigate] = useLocation();
    const search = useSearch();
    // the server renders with the address's token (main, decision 168); the browser with the tab's
    const signedIn = (serverRequest()?.sessionToken ?? getSessionToken()) !== '';
    useEffect(() => {
      if (!signedIn) navigate(loginHref(path, search), { replace: true });
    }, [signedIn, path, search, navigate]);
    return signedIn ? <Page /> : <Spinner />;
  };
