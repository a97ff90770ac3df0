/** The scene of the /relevant list when the address names none. */
export const DEFAULT_SCENE = 'relevant';

/** Only the first two rows show their tags (spec §2). */
export const TAGGED_ROWS = 2;

export const showsTags = (rowIndex: number): boolean => rowIndex < TAGGED_ROWS;

/** buttonStatus 1 is active; 0 (or anything else) is not clickable (spec §3, §5). */
export const isClickable = (buttonStatus: number): boolean => buttonStatus === 1;

/** An apply URL that starts with http is opened directly; anything else goes to the native bridge (spec §7). */
export const isWebUrl = (url: string): boolean => /^https?:\/\//i.test(url.trim());
