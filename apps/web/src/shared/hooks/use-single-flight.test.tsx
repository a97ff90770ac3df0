import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/shared/http/query-client';
import { useSingleFlight } from './use-single-flight';

const pending = () => {
  let release = () => {};
  const calls: string[] = [];
  const send = (what: string) =>
    new Promise<void>((resolve) => {
      calls.push(what);
      release = resolve;
    });
  return { calls, send, release: () => release() };
};

function Form({ send }: { send: (what: string) => Promise<void> }) {
  const code = useMutation({ mutationKey: ['form', 'code'], mutationFn: () => send('code') });
  const submit = useMutation({ mutationKey: ['form', 'submit'], mutationFn: () => send('submit') });
  const inFlight = useSingleFlight(['form']);
  const guarded = (mutation: typeof code) => () => {
    if (!inFlight()) mutation.mutate();
  };
  return (
    <>
      <button type="button" onClick={guarded(code)}>
        Get code
      </button>
      <button type="button" onClick={guarded(submit)}>
        Submit
      </button>
    </>
  );
}

// the mutation function starts a few microtasks after mutate
const settle = () => act(async () => {});

const renderForm = (send: (what: string) => Promise<void>) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Form send={send} />
    </QueryClientProvider>,
  );

describe('useSingleFlight', () => {
  afterEach(cleanup);

  it('sends one request for a double tap that comes before the page re-renders', async () => {
    const server = pending();
    renderForm(server.send);
    const submit = screen.getByRole('button', { name: 'Submit' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await settle();
    expect(server.calls).toEqual(['submit']);
  });

  it('holds the mutations that share the key, and lets the next tap through once the first has settled', async () => {
    const server = pending();
    renderForm(server.send);
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(server.calls).toEqual(['code']);

    await act(async () => server.release());
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await settle();
    expect(server.calls).toEqual(['code', 'submit']);
  });
});
