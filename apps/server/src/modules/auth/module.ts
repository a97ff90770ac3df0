/** The auth module: sessions (checked on every session call through `authenticate`) and the login calls. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authHandlers } from './handlers.js';
import { LoginService } from './login-service.js';
import { AuthRepository } from './repository.js';
import { RevocationBus } from './revocations.js';
import { SessionService } from './session-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: { repository: AuthRepository; sessions: SessionService; logins: LoginService; revocations: RevocationBus };
  }
}

const auth = async (app: FastifyInstance) => {
  const repository = new AuthRepository(app.database.db);
  // revocations reach every instance at once (decision 129): Redis, else PostgreSQL LISTEN/NOTIFY, else this process
  const revocations = await RevocationBus.open({ database: app.database, redisUrl: app.config.redisUrl, log: app.log });
  const sessions = new SessionService(repository, app.clock, app.config.sessionTtlHours, revocations);
  await revocations.listen({ revoked: (revocation) => sessions.forget(revocation), missedSome: () => sessions.forgetAll() });
  app.addHook('onClose', async () => revocations.close());
  const logins = new LoginService(repository, sessions, app.otp);
  app.decorate('authenticate', sessions.authenticate);
  app.decorateRequest('borrower', null);
  app.decorate('auth', { repository, sessions, logins, revocations });
  app.calls.handle(authHandlers(logins, sessions));
};

export default fp(auth, { name: 'auth', dependencies: ['otp'] });
