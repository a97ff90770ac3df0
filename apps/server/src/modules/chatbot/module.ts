/** The chatbot module: the question tree of spec §6 and what a borrower picked in it. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { chatbotHandlers } from './handlers.js';
import { ChatbotRepository } from './repository.js';
import { ChatbotService } from './service.js';

const chatbot = async (app: FastifyInstance) => {
  app.calls.handle(chatbotHandlers(new ChatbotService(new ChatbotRepository(app.database.db), app.orders, app.clock)));
};

export default fp(chatbot, { name: 'chatbot', dependencies: ['orders'] });
