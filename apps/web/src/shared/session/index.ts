import { useSyncExternalStore } from 'react';

/**
 * Whether a call of this page was answered 'no session' (result code 40100, decision 053): a
 * token that has expired or was revoked, or none at all. The router shows one page for it,
 * whatever page made the call; a new address starts clean.
 */
export type SessionFailure = 'expired' | 'missing';

let failure: SessionFailure | null = null;
const listeners = new Set<() => void>();

const publish = (next: SessionFailure | null): void => {
  if (next === failure) return;
  failure = next;
  for (const listener of listeners) listener();
};

/** A call found no valid session: 'expired' when the page had a token, 'missing' when it had none. */
export const reportSessionFailure = (hadToken: boolean): void => publish(hadToken ? 'expired' : 'missing');

export const clearSessionFailure = (): void => publish(null);

export const currentSessionFailure = (): SessionFailure | null => failure;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSessionFailure = (): SessionFailure | null => useSyncExternalStore(subscribe, currentSessionFailure, () => null);
