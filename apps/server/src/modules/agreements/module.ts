/** The agreements module: the agreements of spec §7 (contract, contract-jump) and the agreement page behind a contract_url. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerAgreementRoute } from './agreement.js';
import { agreementHandlers } from './handlers.js';
import { AgreementsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    agreements: AgreementsService;
  }
}

const agreementsModule = async (app: FastifyInstance) => {
  const { orders, products, clock } = app;
  const agreements = new AgreementsService(app.database.db, clock);
  app.decorate('agreements', agreements);
  app.calls.handle(agreementHandlers(agreements, products, orders));
  registerAgreementRoute(app, { agreements, products, orders: orders.repository, clock, company: app.config.company, db: app.database.db });
};

export default fp(agreementsModule, { name: 'agreements', dependencies: ['orders', 'products'] });
