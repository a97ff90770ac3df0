/** The loan-products module (issue 17): the market's products and one product's detail with its worked example. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { loanProductsHandlers } from './handlers.js';
import { LoanProductsService } from './service.js';

const loanProducts = async (app: FastifyInstance) => {
  const { clock, products, orders } = app;
  app.calls.handle(loanProductsHandlers(new LoanProductsService(products, orders.repository, clock)));
};

export default fp(loanProducts, { name: 'loan-products', dependencies: ['products', 'orders'] });
