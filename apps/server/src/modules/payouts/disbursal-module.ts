/**
 * The disbursal module (issue 28): the payouts service over the payout gateways (the `payouts`
 * plugin), the payout webhook route, and the sandbox's events connected to the same application
 * function that route calls. The payout job itself is listed with the others (modules/jobs/index.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { payoutAccountsOf } from './accounts.js';
import { PayoutsRepository } from './repository.js';
import { PayoutsService } from './service.js';
import { registerPayoutWebhookRoute } from './webhook-route.js';

declare module 'fastify' {
  interface FastifyInstance {
    disbursal: PayoutsService;
  }
}

const disbursalModule = async (app: FastifyInstance) => {
  const { database, clock, outbox, payoutGateways, disbursalAccounts } = app;
  const payouts = new PayoutsService({
    db: database.db,
    clock,
    repository: new PayoutsRepository(database.db),
    gateways: payoutGateways,
    accounts: payoutAccountsOf(disbursalAccounts),
    sms: outbox,
    log: app.log,
  });
  app.decorate('disbursal', payouts);
  registerPayoutWebhookRoute(app, payoutGateways, payouts);
  app.calls.handle({ loanCancel: async ({ input, borrower }) => payouts.cancel(borrower.id, input) });
  // the sandbox tells its events to the function the webhook route calls (never through app.inject)
  payoutGateways.connect(async (gateway, event) => {
    await payouts.applyPayoutEvent(gateway, event);
  });
};

export default fp(disbursalModule, { name: 'disbursal', dependencies: ['payouts', 'disbursal-accounts', 'orders'] });
