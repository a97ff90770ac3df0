/**
 * Ring 2 (fastify/demo's `plugins/app`): what every module shares — the config, the clock, the
 * SMS outbox every text goes through, and the contract's calls each module adds its handlers to.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { ContractCalls } from '../http/contract-route.js';
import type { Clock } from '../lending/clock.js';
import { DevInboxTransport } from '../modules/sms/dev-inbox.js';
import { SmsOutbox, type SmsTransport } from '../modules/sms/outbox.js';
import type { SmsProvider } from '../modules/sms/sms-provider.js';
import { TwilioSmsTransport } from '../modules/sms/twilio-provider.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    /** every SMS is written to the outbox in the sender's transaction and delivered after commit */
    outbox: SmsOutbox;
    sms: SmsProvider;
    /** the development inbox /dev/sms reads; null when a real transport (or a test's) delivers */
    devInbox: DevInboxTransport | null;
    calls: ContractCalls;
  }
}

export interface CoreOptions {
  config: Config;
  clock: Clock;
  /** replaces the configured transport (development inbox or Twilio) of the SMS outbox */
  sms?: SmsTransport | undefined;
}

const core = async (app: FastifyInstance, { config, clock, sms }: CoreOptions) => {
  const twilio = !sms && config.sms.provider === 'twilio' && config.sms.twilio ? new TwilioSmsTransport(config.sms.twilio, app.log) : null;
  const inbox = sms || twilio ? null : new DevInboxTransport(app.database.db);
  const outbox = new SmsOutbox(app.database.db, clock, sms ?? twilio ?? inbox!, app.log);
  app.decorate('config', config);
  app.decorate('clock', clock);
  app.decorate('outbox', outbox);
  app.decorate('sms', outbox as SmsProvider);
  app.decorate('devInbox', inbox);
  app.decorate('calls', new ContractCalls(app));
  // the outbox drains right after a response when this process wrote an SMS (a hint: the sms-outbox job delivers whatever it misses)
  app.addHook('onResponse', (_request, _reply, done) => {
    if (outbox.hasEnqueued) outbox.drain().catch((error: unknown) => app.log.error({ err: error }, 'sms outbox drain failed'));
    done();
  });
  // closing: the requests in flight have finished by now, and what they handed over or drained goes out before the database closes
  app.addHook('onClose', async () => outbox.settle());
};

export default fp(core, { name: 'core', dependencies: ['platform'] });
