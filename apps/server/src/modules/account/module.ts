/** The account module (issue 17): logout everywhere and account deletion from the setting screen (decision 077). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { accountHandlers } from './handlers.js';
import { AccountService } from './service.js';

const account = async (app: FastifyInstance) => {
  const { database, orders, auth } = app;
  app.calls.handle(accountHandlers(new AccountService(database.db, orders, auth.sessions, app.clock)));
};

export default fp(account, { name: 'account', dependencies: ['orders', 'auth'] });
