/** The recommended-products module: the catalogue of each scene and its calls. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { recommendHandlers } from './handlers.js';
import { RecommendRepository } from './repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: RecommendRepository;
  }
}

const recommend = async (app: FastifyInstance) => {
  const catalogue = new RecommendRepository(app.database.db);
  app.decorate('catalogue', catalogue);
  app.calls.handle(recommendHandlers(catalogue));
};

export default fp(recommend, { name: 'recommend', dependencies: ['core'] });
