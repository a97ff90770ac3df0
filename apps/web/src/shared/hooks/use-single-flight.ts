import { type MutationKey, useQueryClient } from '@tanstack/react-query';

/**
 * Whether a mutation under `mutationKey` is in flight at this moment, read from the mutation
 * cache when the tap comes. A page disables its button on `isPending`, but that reaches the
 * component only after TanStack's notify (a timer) and a render, and a double tap is faster:
 * `if (inFlight()) return;` before `mutate` keeps it to one request. Mutations that exclude each
 * other (a form's get-code and submit) share the first part of their key.
 */
export const useSingleFlight = (mutationKey: MutationKey): (() => boolean) => {
  const client = useQueryClient();
  return () => client.isMutating({ mutationKey }) > 0;
};
