import { type MutationKey, type UseMutationOptions, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';

export type SingleFlightMutationOptions<TData, TVariables> = UseMutationOptions<TData, Error, TVariables> & { mutationKey: MutationKey };

export type SingleFlightMutation<TData, TVariables> = UseMutationResult<TData, Error, TVariables> & {
  /** true from the moment a call under this key starts, before any render says so: a handler returns early on it */
  isRunning: () => boolean;
};

/**
 * `useMutation` that a double tap cannot start twice (decision 090). `isPending` reaches the
 * component only after TanStack's next notification (a timer), so a second tap in the same frame
 * still reads false. The mutation cache marks the call pending the moment `mutate` is called, so
 * `isRunning()` asks the cache for a running call under the same key; the button's `disabled`
 * follows `isPending` once rendered.
 */
export const useSingleFlightMutation = <TData, TVariables>(
  options: SingleFlightMutationOptions<TData, TVariables>,
): SingleFlightMutation<TData, TVariables> => {
  const queryClient = useQueryClient();
  const mutation = useMutation(options);
  const isRunning = () => queryClient.isMutating({ mutationKey: options.mutationKey, exact: true }) > 0;
  return { ...mutation, isRunning };
};
