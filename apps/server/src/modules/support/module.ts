/** Customer-service contacts (spec §7 contact-info); complaints, chatbot and uploads are their own modules. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestMarket } from '../../http/language.js';

const support = async (app: FastifyInstance) => {
  const contacts = app.config.support;
  app.calls.handle({
    // overall=30 is checked by the contract schema; any other value is a 400 before this runs
    contactInfo: async ({ request }) => ({ ...contacts[requestMarket(request)] }),
  });
};

export default fp(support, { name: 'support', dependencies: ['core'] });
