/** The applications module (issue 17): the application form before loan confirm (decision 076). */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { applicationHandlers } from './handlers.js';
import { ApplicationsService } from './service.js';

const applications = async (app: FastifyInstance) => {
  const { database, clock, products } = app;
  app.calls.handle(applicationHandlers(new ApplicationsService(database.db, products, clock)));
};

export default fp(applications, { name: 'applications', dependencies: ['products'] });
