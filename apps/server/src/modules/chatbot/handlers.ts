/** The contract's chatbot calls. */
import type { CallHandlers } from '../../http/contract-route.js';
import { requestLocale } from '../../http/language.js';
import type { ChatbotService } from './service.js';

export const chatbotHandlers = (chatbot: ChatbotService): CallHandlers => ({
  qaList: async ({ input, borrower, request }) => chatbot.list(borrower, requestLocale(request), input.pid, input.orderNo),
  qaRecord: async ({ input, borrower, request }) => chatbot.record(borrower, requestLocale(request), input),
});
