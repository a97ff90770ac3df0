/**
 * The identity module (issue 29 item 2): the KYC provider of each market behind one port, the
 * borrower's identity calls, and `identityOf` (identity-of.ts) for the decision engine. Decorates
 * `identity` (the service) and `identityProviders`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { identityHandlers } from './handlers.js';
import type { IdentityProviders } from './ports.js';
import { createIdentityProviders } from './providers/index.js';
import { IdentityRepository } from './repository.js';
import { IdentityService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityService;
    identityProviders: IdentityProviders;
  }
}

const identityModule = async (app: FastifyInstance) => {
  const db = app.database.db;
  const providers = createIdentityProviders(app.config, app.clock);
  const service = new IdentityService(
    db,
    new IdentityRepository(db),
    providers,
    app.uploads,
    app.clock,
    app.config.disbursalAccounts.encryptionKey,
  );
  app.decorate('identityProviders', providers);
  app.decorate('identity', service);
  app.calls.handle(identityHandlers(service));
};

export default fp(identityModule, { name: 'identity', dependencies: ['uploads'] });
