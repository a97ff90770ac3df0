/** The browser-safe part of the contract: no zod here. Schemas live in `@kilat/contract/schemas`. */
export * from './common-params.js';
export * from './constants.js';
export * from './contacts.js';
export * from './disbursal-account.js';
export * from './disbursal-channels.js';
export * from './endpoints.js';
export * from './envelope.js';
export * from './format.js';
export * from './identity.js';
export * from './official-site.js';
export * from './phone.js';
export * from './storable-text.js';
export * from './texts.js';
