/**
 * The console contract as the server reads it (issue 18): the request schemas (zod) beside
 * everything browser-safe. An entry point only: the files it gathers import downwards (decision 185).
 */
export * from './books.js';
export * from './browser.js';
export * from './catalogue.js';
export * from './collections.js';
export * from './coupons.js';
export * from './coupons-data.js';
export * from './money-controls.js';
export * from './order-actions.js';
export * from './schemas.js';
