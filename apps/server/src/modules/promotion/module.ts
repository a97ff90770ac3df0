/** The promotion module (issue 6): registration pages' captchas and codes; outside production it keeps captcha texts for GET /dev/captcha. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { CaptchaPeek, CaptchaService } from './captcha-service.js';
import { promotionHandlers } from './handlers.js';
import { RegistrationService } from './registration-service.js';
import { PromotionRepository } from './repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the captchas' texts, for GET /dev/captcha; null in production */
    captchaPeek: CaptchaPeek | null;
  }
}

const promotion = async (app: FastifyInstance) => {
  const { database, clock, config } = app;
  const repository = new PromotionRepository(database.db);
  const peek = config.isProduction ? null : new CaptchaPeek();
  const captchas = new CaptchaService(repository, clock, peek);
  const registrations = new RegistrationService(repository, captchas, app.otp);
  app.decorate('captchaPeek', peek);
  app.calls.handle(promotionHandlers({ repository, captchas, registrations, sessions: app.auth.sessions }));
};

export default fp(promotion, { name: 'promotion', dependencies: ['otp', 'auth'] });
