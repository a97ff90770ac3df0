/** The loans module (issue 4): the Loan (v3) calls and the event save. */
import type { Market } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { READ_MOSTLY_TTL_MS, ReadCache } from '../../db/read-cache.js';
import { asDetailProduct } from '../recommend/detail-product.js';
import { RecommendScene } from '../recommend/module-id.js';
import { loanHandlers } from './handlers.js';
import { LoansRepository } from './repository.js';
import { LoansService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    loans: LoansService;
  }
}

const loansModule = async (app: FastifyInstance) => {
  const { database, clock, config, orders, products, catalogue, agreements, disbursal, outbox } = app;
  const repository = new LoansRepository(database.db);
  const recommended = new ReadCache(READ_MOSTLY_TTL_MS, async (market: Market) =>
    (await catalogue.listForScene(market, RecommendScene.list)).map(asDetailProduct),
  );
  const loans = new LoansService({
    db: database.db,
    clock,
    config,
    orders,
    products,
    repository,
    catalogue,
    recommended,
    agreements,
    payouts: disbursal,
    sms: outbox,
  });
  app.decorate('loans', loans);
  app.calls.handle(loanHandlers(loans));
};

export default fp(loansModule, {
  name: 'loans',
  dependencies: ['orders', 'products', 'recommend', 'agreements', 'disbursal'],
});
