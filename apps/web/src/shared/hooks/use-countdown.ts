import { Limits } from '@kilat/contract';
import { useCallback, useEffect, useState } from 'react';

export interface Countdown {
  /** seconds left while running; the full count when idle */
  remaining: number;
  running: boolean;
  /** (re)starts from the full count: a failed repay commit restarts it (spec §8) */
  start: () => void;
  /** stops and goes back to the full count: cancelling verification resets the timer (spec §4) */
  reset: () => void;
}

/** The resend countdown of spec §4 and §9: 60 s, ticking each second. */
export const useCountdown = (seconds: number = Limits.resendCountdownSeconds): Countdown => {
  const [remaining, setRemaining] = useState(seconds);
  const [running, setRunning] = useState(false);
  // bumping the run id restarts the interval even when already running
  const [runId, setRunId] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new run id restarts the interval
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      setRemaining((left) => {
        if (left <= 1) {
          setRunning(false);
          return seconds;
        }
        return left - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [running, runId, seconds]);

  const start = useCallback(() => {
    setRemaining(seconds);
    setRunning(true);
    setRunId((id) => id + 1);
  }, [seconds]);

  const reset = useCallback(() => {
    setRunning(false);
    setRemaining(seconds);
  }, [seconds]);

  return { remaining, running, start, reset };
};
