import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/shared/http/query-client';
import { useSingleFlightMutation } from './use-single-flight-mutation';

/** A call that stays under way until the test answers it. */
const heldCall = () => {
  let answer: (value: string) => void = () => {};
  const started: string[] = [];
  const call = (variables: string) => {
    started.push(variables);
    return new Promise<string>((resolve) => {
      answer = resolve;
    });
  };
  return { call, started, answer: (value: string) => answer(value) };
};

const withClient = () => {
  const client = createQueryClient();
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
};

describe('useSingleFlightMutation', () => {
  it('knows a call is running from the moment it starts, while isPending still reads false until the next render', async () => {
    const held = heldCall();
    const { result } = renderHook(() => useSingleFlightMutation({ mutationKey: ['pay'], mutationFn: held.call }), {
      wrapper: withClient(),
    });
    const firstTap = result.current;
    act(() => firstTap.mutate('first'));
    // the second tap of a double tap runs with the first tap's render: isPending is stale, the cache is not
    expect(firstTap.isPending).toBe(false);
    expect(firstTap.isRunning()).toBe(true);
    await waitFor(() => expect(result.current.isPending).toBe(true));

    await act(async () => held.answer('paid'));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.isRunning()).toBe(false);
    expect(held.started).toEqual(['first']);
  });

  it('sees a call of the same key started elsewhere, and not one of another key', () => {
    const held = heldCall();
    const wrapper = withClient();
    const { result } = renderHook(
      () => ({
        pay: useSingleFlightMutation({ mutationKey: ['pay'], mutationFn: held.call }),
        payAgain: useSingleFlightMutation({ mutationKey: ['pay'], mutationFn: held.call }),
        bind: useSingleFlightMutation({ mutationKey: ['bind'], mutationFn: held.call }),
      }),
      { wrapper },
    );
    act(() => result.current.pay.mutate('card'));
    expect(result.current.payAgain.isRunning()).toBe(true);
    expect(result.current.bind.isRunning()).toBe(false);
  });
});
