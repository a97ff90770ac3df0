/** The one source of "now" for the server; tests pass a movable clock instead of faking Date globally. */
import type { Market } from '@kilat/contract';
import { type BusinessDate, businessDateAt } from './business-date.js';

export interface Clock {
  now(): Date;
  /** today's business date in the market's time zone */
  today(market: Market): BusinessDate;
}

export const systemClock: Clock = {
  now: () => new Date(),
  today: (market) => businessDateAt(new Date(), market),
};

export interface MovableClock extends Clock {
  advance(ms: number): void;
  set(instant: Date): void;
}

export const movableClock = (start: Date = new Date()): MovableClock => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    today: (market) => businessDateAt(new Date(current), market),
    advance: (ms) => {
      current += ms;
    },
    set: (instant) => {
      current = instant.getTime();
    },
  };
};
