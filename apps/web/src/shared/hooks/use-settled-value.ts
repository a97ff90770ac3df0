import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `delayMs`: a slider being dragged asks the server once it rests, not at every step. */
export const useSettledValue = <T>(value: T, delayMs = 250): T => {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
};
