/** The auth module: sessions (checked on every session call through `authenticate`) and the login calls. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { authHandlers } from './handlers.js';
import { LoginService } from './login-service.js';
import { AuthRepository } from './repository.js';
import { SessionService } from './session-service.js';

declare module 'fastify' {
  interface FastifyInstance {
    auth: { repository: AuthRepository; sessions: SessionService; logins: LoginService };
  }
}

const auth = async (app: FastifyInstance) => {
  const repository = new AuthRepository(app.database.db);
  const sessions = new SessionService(repository, app.clock, app.config.sessionTtlHours);
  const logins = new LoginService(repository, sessions, app.otp);
  app.decorate('authenticate', sessions.authenticate);
  app.decorateRequest('borrower', null);
  app.decorate('auth', { repository, sessions, logins });
  app.calls.handle(authHandlers(logins, sessions));
};

export default fp(auth, { name: 'auth', dependencies: ['otp'] });
