/** Money is whole minor units (paise, sen) and rates whole basis points (DESIGN §4). */
import { LendingRules } from '@kilat/contract';

/** Refuses anything but a whole, non-negative number of minor units: a caller's bug, never a borrower's input. */
export const assertMinor = (name: string, value: number): void => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be whole minor units, got ${value}`);
};

/** A basis-point share of an amount, rounded down so a rate is never exceeded. */
export const bpsOf = (amountMinor: number, bps: number): number => Math.floor((amountMinor * bps) / LendingRules.bpsPerWhole);

export const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
