/** The browser-safe part of the console contract: roles, codes, limits and the response types; no zod. */
export type * from './data.js';
export * from './endpoints.js';
export * from './roles.js';

export const ComplaintStatusFilter = ['open', 'replied', 'closed', 'all'] as const;
export type ComplaintStatusFilter = (typeof ComplaintStatusFilter)[number];

/** A reply's text; the images come as multipart file parts named `image`. */
export const REPLY_TEXT_MAX = 2000;
export const REPLY_IMAGE_FIELD = 'image';

/** An operator's password, set by themself through their enrolment link: at least this long. */
export const OperatorPasswordMin = 12;
