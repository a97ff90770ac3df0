/** The development routes (DESIGN §7), registered outside production only: demo sessions, the SMS inbox, captchas, sandbox payments. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error.js';
import { envelope, SUCCESS_MESSAGE } from '../../http/envelope.js';
import { setSandboxContactClock } from '../collections/contact-clock.js';
import { registerFloorRoutes } from './floor-routes.js';
import { registerProbeRoutes } from './probe-routes.js';
import { registerDevRoutes } from './routes.js';
import { seedKeysOf } from './seed/demo.js';

const dev = async (app: FastifyInstance) => {
  const { database, clock, config, auth, orders, payments } = app;
  registerDevRoutes(app, {
    auth: auth.repository,
    sessions: auth.sessions,
    orders,
    inbox: app.devInbox,
    outbox: app.outbox,
    captchas: app.captchaPeek,
    fresh: { db: database.db, clock, keys: seedKeysOf(config) },
    payments: { repository: payments.repository, sandbox: payments.gateway, clock, mandates: payments.mandates },
    coupons: app.coupons,
  });
  // one job now (issue 28: browser tests send approved loans' payouts with `payouts`); answers its result
  app.post<{ Params: { name: string } }>('/dev/jobs/:name/run', { schema: { hide: true } }, async (request) => {
    if (!app.jobs.jobs.some((job) => job.name === request.params.name)) throw AppError.notFound();
    const run = await app.jobs.runNow(request.params.name);
    return envelope('code', '00', SUCCESS_MESSAGE, run);
  });
  // the sandbox's clock for collection contact (decision 214): a browser test works a case at 11:00 whatever the hour; null: real time
  app
    .withTypeProvider<ZodTypeProvider>()
    .put(
      '/dev/collections/contact-clock',
      { schema: { hide: true, body: z.object({ at: z.string().datetime({ offset: true }).nullable() }) } },
      async (request) => {
        const at = request.body.at === null ? null : new Date(request.body.at);
        return envelope('code', '00', SUCCESS_MESSAGE, await setSandboxContactClock(database.db, clock, at));
      },
    );
  // the floors `npm run bench` measures the product's calls against
  registerFloorRoutes(app, database.db);
  // what the server's event loop and pool went through while the bench held it at a steady rate (decision 256)
  registerProbeRoutes(app, database);
  // a deployment that forgot NODE_ENV=production would hand out demo sessions: say so at every boot
  app.log.warn(
    'development routes /dev/session, /dev/sms, /dev/captcha, /dev/payments, /dev/floor and /dev/probe are on; set NODE_ENV=production to remove them',
  );
};

export default fp(dev, { name: 'dev', dependencies: ['auth', 'orders', 'payments', 'coupons', 'promotion', 'jobs'] });
