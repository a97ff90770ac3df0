/** The contract's chatbot calls: its knowledge base states the market's facts, so it answers in the market's own language (decision 111). */
import type { CallHandlers } from '../../http/contract-route.js';
import { marketLocale } from '../../http/language.js';
import type { ChatbotService } from './service.js';

export const chatbotHandlers = (chatbot: ChatbotService): CallHandlers => ({
  qaList: async ({ input, borrower, request }) => chatbot.list(borrower, marketLocale(request), input.pid, input.orderNo),
  qaRecord: async ({ input, borrower, request }) => chatbot.record(borrower, marketLocale(request), input),
});
