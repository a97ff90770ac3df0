/**
 * The jobs module (issue 12): the scheduler over the jobs of index.ts. Its rows exist once the app
 * is ready and it ticks when configured to; closing stops it (the outbox settles after the requests in flight, in core).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { buildJobs, JOB_TICK_MS } from './index.js';
import { JobScheduler } from './scheduler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** the time-driven jobs (modules/jobs/index.ts); ticking on its own when config.jobsEnabled */
    jobs: JobScheduler;
  }
}

const jobsModule = async (app: FastifyInstance) => {
  const { database, clock, config, orders, payments, outbox, disbursal, payoutGateways, uploads, collections } = app;
  const jobs = new JobScheduler(
    database.db,
    clock,
    buildJobs({
      db: database.db,
      clock,
      orders,
      payments: payments.payments,
      mandates: payments.mandates,
      payouts: disbursal,
      payoutGateways,
      outbox,
      log: app.log,
      identityImages: uploads,
      collections,
      escalation: {
        outbox,
        // dialable: the plus and digits of the configured number
        officerPhone: {
          IN: config.company.IN.grievance.phone.replace(/[^\d+]/g, ''),
          ID: config.company.ID.grievance.phone.replace(/[^\d+]/g, ''),
        },
      },
    }),
    app.log,
  );
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    await jobs.register();
    if (config.jobsEnabled) jobs.start(JOB_TICK_MS);
  });
  // the outbox settles in core's onClose, once the requests in flight have finished too
  app.addHook('preClose', async () => jobs.stop());
};

export default fp(jobsModule, { name: 'jobs', dependencies: ['orders', 'payments', 'disbursal', 'uploads', 'collections'] });
