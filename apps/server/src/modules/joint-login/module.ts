/** The joint-login module: a partner's page opening a recommended product. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jointLoginHandlers } from './handlers.js';

const jointLogin = async (app: FastifyInstance) => {
  app.calls.handle(jointLoginHandlers(app.catalogue));
};

export default fp(jointLogin, { name: 'joint-login', dependencies: ['recommend'] });
