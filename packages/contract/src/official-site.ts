/**
 * What the official site reads from the server beside its prerendered pages (issue 47): Indonesia's
 * TKB90, published as Indonesian P2P platforms publish it (decision 262).
 */

/** GET: the latest month-end's TKB90 of Indonesia; 404 for India. */
export const OFFICIAL_SITE_TKB90_PATH = '/api/site/tkb90';

export interface PublishedTkb90 {
  /** YYYY-MM */
  month: string;
  /** the month's last day, YYYY-MM-DD */
  asOf: string;
  /** basis points: 10,000 is 100 % */
  tkb90Bps: number;
}
