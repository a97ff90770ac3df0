/** The repayment-history module (issue 17): the borrower's paid repayments and the receipt of each. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { repaymentHistoryHandlers } from './handlers.js';
import { RepaymentHistoryRepository } from './repository.js';
import { RepaymentHistoryService } from './service.js';

const repaymentHistory = async (app: FastifyInstance) => {
  const { database, orders } = app;
  const service = new RepaymentHistoryService({ orders, repository: new RepaymentHistoryRepository(database.db) });
  app.calls.handle(repaymentHistoryHandlers(service));
};

export default fp(repaymentHistory, { name: 'repayment-history', dependencies: ['orders'] });
