import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost, toast } from './index';

describe('toast', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it('hides after 3000 ms by default', () => {
    toast.show('Submit successfully!');
    vi.advanceTimersByTime(2999);
    expect(toast.current()?.message).toBe('Submit successfully!');
    vi.advanceTimersByTime(1);
    expect(toast.current()).toBeNull();
  });

  it('replaces a duration of 300 ms or less by the 3000 ms default', () => {
    toast.show('short', 300);
    vi.advanceTimersByTime(2999);
    expect(toast.current()?.message).toBe('short');
    vi.advanceTimersByTime(1);
    expect(toast.current()).toBeNull();
  });

  it('keeps a duration of 301 ms as asked', () => {
    toast.show('brief', 301);
    vi.advanceTimersByTime(300);
    expect(toast.current()?.message).toBe('brief');
    vi.advanceTimersByTime(1);
    expect(toast.current()).toBeNull();
  });

  it('replaces the shown toast with a new one, whose own timer counts', () => {
    toast.show('first');
    vi.advanceTimersByTime(2000);
    toast.show('second');
    vi.advanceTimersByTime(2000);
    expect(toast.current()?.message).toBe('second');
    vi.advanceTimersByTime(1000);
    expect(toast.current()).toBeNull();
  });

  it('shows a loading toast until it is closed', () => {
    const close = toast.loading();
    expect(toast.current()).toMatchObject({ kind: 'loading', message: 'Loading...' });
    vi.advanceTimersByTime(60_000);
    expect(toast.current()?.kind).toBe('loading');
    close();
    expect(toast.current()).toBeNull();
  });

  it('announces the message in a status live region', () => {
    render(<ToastHost />);
    act(() => toast.show('Please provide complete information!'));
    const region = screen.getByRole('status');
    expect(region).toHaveProperty('textContent', 'Please provide complete information!');
    expect(region.getAttribute('aria-live')).toBe('polite');
    act(() => vi.advanceTimersByTime(3000));
    expect(region.textContent).toBe('');
  });
});
