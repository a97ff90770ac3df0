/** Every call of spec §7 "Complaint and support": customer-service contacts here, the rest in their modules. */
import type { Config } from '../../config.js';
import type { CallHandlers } from '../../http/contract-route.js';
import { requestMarket } from '../../http/language.js';
import { chatbotHandlers } from '../chatbot/handlers.js';
import { complaintHandlers } from '../complaints/handlers.js';
import { uploadHandlers } from '../uploads/handlers.js';
import type { SupportServices } from './services.js';

export const supportHandlers = (config: Config, services: SupportServices): CallHandlers => ({
  // overall=30 is checked by the contract schema; any other value is a 400 before this runs
  contactInfo: async ({ request }) => ({ ...config.support[requestMarket(request)] }),
  ...complaintHandlers(services.complaints),
  ...chatbotHandlers(services.chatbot),
  ...uploadHandlers(services.uploads),
});
