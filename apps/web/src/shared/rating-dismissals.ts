/**
 * A rating dialog the borrower cancelled does not open again by itself (issue 30, decision 144): loan
 * details opens its own on load while the server asks for a score, so without this a Cancel came back
 * on every visit. (Complaint detail keeps the spec's rule: three seconds after every load.) Kept in this browser (localStorage), per order: it is the borrower's answer to a prompt, not a fact two server instances share; another
 * browser asks once more.
 */
const KEY = 'kilat.rating-dismissed';
/** the newest dismissals kept; older ones are forgotten, and their dialog may ask once more */
const KEPT = 50;

export type RatingSubject = 'order' | 'complaint';

const local = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

const read = (): string[] => {
  try {
    const parsed: unknown = JSON.parse(local()?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

const keyOf = (subject: RatingSubject, id: string) => `${subject}:${id}`;

/** Whether the borrower cancelled this order's or complaint's rating dialog in this browser. */
export const ratingDismissed = (subject: RatingSubject, id: string): boolean => read().includes(keyOf(subject, id));

/** Remembers a Cancel, so the dialog does not open again on load. */
export const dismissRating = (subject: RatingSubject, id: string): void => {
  const key = keyOf(subject, id);
  const kept = [...read().filter((item) => item !== key), key].slice(-KEPT);
  try {
    local()?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // storage full or refused (private mode): the dialog asks again next time, as before
  }
};
