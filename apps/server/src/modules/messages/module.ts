/**
 * The messages module (issue 17, decision 108): the borrower's message centre. The modules whose
 * events make messages write them with `recordMessage` from ./repository.ts in their own
 * transactions; this plugin only reads them and marks them read.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messagesHandlers } from './handlers.js';
import { MessagesRepository } from './repository.js';
import { MessagesService } from './service.js';

const messages = async (app: FastifyInstance) => {
  app.calls.handle(messagesHandlers(new MessagesService(new MessagesRepository(app.database.db), app.clock)));
};

export default fp(messages, { name: 'messages' });
