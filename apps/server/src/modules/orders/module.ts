/** The orders module: whose an order is, and its status and balances replayed from its ledger; every module that reads an order asks it. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { OrdersRepository } from './repository.js';
import { OrdersService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    orders: OrdersService;
  }
}

const orders = async (app: FastifyInstance) => {
  app.decorate('orders', new OrdersService(new OrdersRepository(app.database.db), app.clock));
};

export default fp(orders, { name: 'orders', dependencies: ['core'] });
