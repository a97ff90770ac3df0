/** The loans module (issue 4): the Loan (v3) calls and the event save. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loanHandlers } from './handlers.js';
import { LoansRepository } from './repository.js';
import { LoansService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    loans: LoansService;
  }
}

const loansModule = async (app: FastifyInstance) => {
  const { database, clock, config, orders, products, catalogue, agreements } = app;
  const repository = new LoansRepository(database.db);
  const loans = new LoansService({ db: database.db, clock, config, orders, products, repository, catalogue, agreements });
  app.decorate('loans', loans);
  app.calls.handle(loanHandlers(loans));
};

export default fp(loansModule, { name: 'loans', dependencies: ['orders', 'products', 'recommend', 'agreements'] });
