/**
 * The coupons module (issue 50, decisions 250–252): the borrower's coupons call, and `app.coupons`
 * — issuing and holding — which the card flow and the console's Coupons room use. The ledger's
 * posting of a paid payment marks its coupon used and posts its discount (modules/ledger/posting.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { couponsHandlers } from './handlers.js';
import { CouponsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    coupons: CouponsService;
  }
}

const coupons = async (app: FastifyInstance) => {
  const service = new CouponsService({ db: app.database.db, clock: app.clock });
  app.decorate('coupons', service);
  app.calls.handle(couponsHandlers(service, app.orders));
};

export default fp(coupons, { name: 'coupons', dependencies: ['orders'] });
