import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCountdown } from './use-countdown';

describe('useCountdown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('counts 60 seconds down, ticking each second, then goes idle', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current).toMatchObject({ remaining: 60, running: false });

    act(() => result.current.start());
    expect(result.current).toMatchObject({ remaining: 60, running: true });

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(59);

    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current).toMatchObject({ remaining: 1, running: true });

    act(() => vi.advanceTimersByTime(1000));
    expect(result.current).toMatchObject({ remaining: 60, running: false });
  });

  it('resets to the full count and stops when verification is cancelled', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(10_000));
    expect(result.current.remaining).toBe(50);

    act(() => result.current.reset());
    expect(result.current).toMatchObject({ remaining: 60, running: false });
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current.remaining).toBe(60);
  });

  it('restarts from the full count when started again while running', () => {
    const { result } = renderHook(() => useCountdown(10));
    act(() => result.current.start());
    act(() => vi.advanceTimersByTime(4000));
    expect(result.current.remaining).toBe(6);

    act(() => result.current.start());
    expect(result.current.remaining).toBe(10);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.remaining).toBe(9);
  });
});
