/**
 * The disbursal module (issue 28): the payouts service over the payout gateways (the `payouts`
 * plugin), the payout webhook route, and the sandbox's events connected to the same application
 * function that route calls, and the /metrics gauge of the reconciliation's unresolved mismatches.
 * The payout job itself is listed with the others (modules/jobs/index.ts).
 */
import { Market } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { payoutAccountsOf } from './accounts.js';
import { unresolvedMismatches } from './reconciliation.js';
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
  // what the daily reconciliation found and no operator has resolved yet (decision 140), read at scrape time
  new Gauge({
    name: 'kilat_payout_mismatches_unresolved',
    help: "Unresolved differences between the ledger's disbursements and reversals and the payout gateway's statement",
    labelNames: ['market', 'gateway'] as const,
    registers: [app.operability.metrics.registry],
    async collect() {
      this.reset();
      try {
        const open = await unresolvedMismatches(database.db);
        // each market's gateway shows 0 when nothing is open, so an alert has a series to watch
        for (const market of [Market.India, Market.Indonesia]) this.set({ market, gateway: payoutGateways.for(market).name }, 0);
        for (const row of open) this.set({ market: row.market, gateway: row.gateway }, row.count);
      } catch (error) {
        // the rest of /metrics still answers while the database does not; the series is absent, not a false 0
        app.log.warn({ err: error }, 'payout mismatches not counted for /metrics');
      }
    },
  });
};

export default fp(disbursalModule, { name: 'disbursal', dependencies: ['payouts', 'disbursal-accounts', 'orders'] });
