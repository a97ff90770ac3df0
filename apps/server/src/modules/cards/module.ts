/** The cards module (issue 5): bound cards, repay tokens, card payments with SMS codes, on the payments module's port. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RepaymentCodes } from '../otp/repayment-codes.js';
import { cardHandlers } from './handlers.js';
import { CardsRepository } from './repository.js';
import { CardsService } from './service.js';

const cards = async (app: FastifyInstance) => {
  const { database, clock, config, orders, sms, payments, coupons } = app;
  const service = new CardsService({
    repository: new CardsRepository(database.db, (rows) => sms.claimedInsertFrom(rows)),
    codes: new RepaymentCodes(database.db),
    orders,
    payments: payments.payments,
    coupons,
    sms,
    clock,
    config,
  });
  app.calls.handle(cardHandlers(service));
};

export default fp(cards, { name: 'cards', dependencies: ['orders', 'payments', 'coupons'] });
