/** The my-orders module (issue 17): the list of the session borrower's loans for the main and order screens. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { myOrdersHandlers } from './handlers.js';
import { MyOrdersService } from './service.js';

const myOrders = async (app: FastifyInstance) => {
  const { orders, loans } = app;
  const service = new MyOrdersService({ orders, clock: app.clock, extensionOfferIn: (state) => loans.extensionOfferIn(state) });
  app.calls.handle(myOrdersHandlers(service));
};

export default fp(myOrders, { name: 'my-orders', dependencies: ['orders', 'loans'] });
