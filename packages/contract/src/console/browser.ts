/**
 * The browser-safe part of the console contract: roles, codes, limits, the endpoint table and the
 * response types; no zod. An entry point only: the files it gathers import downwards (decision 185).
 */
export * from './approvals.js';
export * from './books-constants.js';
export * from './books-data.js';
export type * from './catalogue.js';
export * from './collections-constants.js';
export * from './collections-data.js';
export * from './console-format.js';
export * from './constants.js';
export type * from './coupons.js';
export * from './coupons-data.js';
export * from './dashboard.js';
export type * from './data.js';
export * from './endpoints.js';
export type { MoneyControlView } from './money-controls.js';
export type * from './order-actions-data.js';
export * from './roles.js';
