/** The products module: the loan products of each market, checked against its rules when saved. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ProductsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    products: ProductsService;
  }
}

const products = async (app: FastifyInstance) => {
  app.decorate('products', new ProductsService(app.database.db));
};

export default fp(products, { name: 'products', dependencies: ['core'] });
