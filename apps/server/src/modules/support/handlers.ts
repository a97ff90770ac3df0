/** Support calls implemented so far: the customer-service contacts of the borrower's market. */
import type { Config } from '../../config.js';
import type { CallHandlers } from '../../http/contract-route.js';
import { requestMarket } from '../../http/language.js';

export const supportHandlers = (config: Config): CallHandlers => ({
  // overall=30 is checked by the contract schema; any other value is a 400 before this runs
  contactInfo: async ({ request }) => ({ ...config.support[requestMarket(request)] }),
});
