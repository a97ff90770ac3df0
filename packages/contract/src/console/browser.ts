/** The browser-safe part of the console contract: roles, codes, limits and the response types; no zod. */
export type * from './catalogue.js';
export type * from './data.js';
export * from './endpoints.js';
export * from './roles.js';

export const ComplaintStatusFilter = ['open', 'replied', 'closed', 'all'] as const;
export type ComplaintStatusFilter = (typeof ComplaintStatusFilter)[number];

/** A reply's text; the images come as multipart file parts named `image`. */
export const REPLY_TEXT_MAX = 2000;
export const REPLY_IMAGE_FIELD = 'image';

/** The payouts screen's states (issue 28 item 6): an order's latest payout attempt, as operators read it. */
export const PayoutListState = ['waiting', 'processing', 'failed', 'reversed', 'succeeded'] as const;
export type PayoutListState = (typeof PayoutListState)[number];

/** An operator's reason for a payout action, and a mismatch's resolution note. */
export const PAYOUT_REASON_MIN = 3;
export const PAYOUT_REASON_MAX = 500;
/** An operator's password, set by themself through their enrolment link: at least this long. */
export const OperatorPasswordMin = 12;
export * from './collections-data.js';
export * from './dashboard.js';
export type * from './order-actions-data.js';
