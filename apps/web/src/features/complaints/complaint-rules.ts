import { Limits } from '@kilat/contract';

/** The description as typed, with input beyond 200 characters ignored (spec §5). */
export const limitDescription = (typed: string): string => typed.slice(0, Limits.complaintTextMax);

/** The counter under the description: `x/200` (spec §2). */
export const descriptionCounter = (text: string): string => `${text.length}/${Limits.complaintTextMax}`;

/** Adds images up to the cap of 9; the ones beyond it are ignored (spec §5). */
export const addWithinCap = <T>(current: readonly T[], added: readonly T[], max: number = Limits.complaintImagesMax): T[] => [
  ...current,
  ...added.slice(0, Math.max(0, max - current.length)),
];

/** Evidence images laid out 3 per row (spec §2, §9). */
export const imageRows = <T>(items: readonly T[], perRow: number = Limits.complaintImagesPerRow): T[][] => {
  const rows: T[][] = [];
  for (let start = 0; start < items.length; start += perRow) rows.push(items.slice(start, start + perRow));
  return rows;
};

/** The comma-joined image urls of a complaint submission, empty if none (spec §3). */
export const joinImageUrls = (urls: readonly string[]): string => urls.filter(Boolean).join(',');

const SAVED_ORDER_KEY = 'kilat.complaint.order';

const local = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/** The complaint entry saves the chosen order locally (spec §2); the form reads it back. */
export const saveComplaintOrder = (orderNo: string): void => {
  try {
    local()?.setItem(SAVED_ORDER_KEY, orderNo);
  } catch {
    // storage blocked or full: the form falls back to the order in the address
  }
};

export const readComplaintOrder = (): string => local()?.getItem(SAVED_ORDER_KEY) ?? '';

/** A sent complaint clears the local storage (spec §4). */
export const clearComplaintOrder = (): void => {
  local()?.removeItem(SAVED_ORDER_KEY);
};
