/** The one-time-code module (decision 062): login, registration and disbursal-account codes sent to a phone; repayment codes use its policy table. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { disbursalAccountCodeStore, loginCodeStore, registrationCodeStore } from './repository.js';
import { OtpService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    otp: OtpService;
  }
}

const otp = async (app: FastifyInstance) => {
  const db = app.database.db;
  app.decorate(
    'otp',
    new OtpService(
      db,
      { login: loginCodeStore(db), registration: registrationCodeStore(db), 'disbursal-account': disbursalAccountCodeStore(db) },
      app.sms,
      app.clock,
    ),
  );
};

export default fp(otp, { name: 'otp', dependencies: ['core'] });
