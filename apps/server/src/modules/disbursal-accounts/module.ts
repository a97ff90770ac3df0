/**
 * The disbursal accounts module (issue 28): where a borrower's loan is sent. Decorates
 * `disbursalAccounts` (the service), whose `activeValidAccount` the disbursal reads.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { disbursalAccountHandlers } from './handlers.js';
import { DisbursalAccountsRepository } from './repository.js';
import { DisbursalAccountsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    disbursalAccounts: DisbursalAccountsService;
  }
}

const disbursalAccounts = async (app: FastifyInstance) => {
  const db = app.database.db;
  const service = new DisbursalAccountsService(
    db,
    new DisbursalAccountsRepository(db),
    app.payoutGateways,
    app.otp,
    app.clock,
    app.config.disbursalAccounts.encryptionKey,
  );
  app.decorate('disbursalAccounts', service);
  app.calls.handle(disbursalAccountHandlers(service));
};

export default fp(disbursalAccounts, { name: 'disbursal-accounts', dependencies: ['otp', 'payouts'] });
