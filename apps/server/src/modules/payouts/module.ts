/**
 * The payouts plugin (issue 28): builds the payout gateways once and decorates `app.payoutGateways`.
 * It holds no route and no job: the payout job and the payout webhook route (helper "disbursal")
 * take the gateways from here and connect the sandbox to the application function their route calls.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createPayoutGateways, type PayoutGateways } from './gateways.js';

declare module 'fastify' {
  interface FastifyInstance {
    payoutGateways: PayoutGateways;
  }
}

const payoutsModule = async (app: FastifyInstance) => {
  app.decorate('payoutGateways', createPayoutGateways(app.config, app.clock));
};

export default fp(payoutsModule, { name: 'payouts' });
