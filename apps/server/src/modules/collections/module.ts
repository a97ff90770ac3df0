/**
 * The collections module (issue 46): the daily classification and allocation, the collectors' desk
 * and the supervisors' settings over the one ledger and replay. The console registers its routes
 * (routes.ts); the jobs module runs its daily run and asks it what stops the automated reminders.
 */

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestMarket } from '../../http/language.js';
import { closureSms } from '../ledger/closure-notice.js';
import { CaseDesk } from './case-desk.js';
import { contactClockOf } from './contact-clock.js';
import { DailyRun } from './daily-run.js';
import { CollectionsDashboardReader } from './dashboard.js';
import { Settlements } from './settlements.js';
import { Supervision } from './supervision.js';

export interface Collections {
  cases: CaseDesk;
  supervision: Supervision;
  daily: DailyRun;
  settlements: Settlements;
  dashboard: CollectionsDashboardReader;
}

declare module 'fastify' {
  interface FastifyInstance {
    collections: Collections;
  }
}

const collectionsModule = async (app: FastifyInstance) => {
  const { database, clock, orders, outbox, config } = app;
  const db = database.db;
  const settlements = new Settlements({ db, clock, orders, closureNotice: closureSms(config.publicBaseUrl, outbox) });
  app.decorate('collections', {
    cases: new CaseDesk({
      db,
      clock,
      orders,
      outbox,
      publicBaseUrl: config.publicBaseUrl ?? '',
      contactNow: contactClockOf(db, clock, config.nodeEnv === 'production'),
    }),
    supervision: new Supervision({ db, clock, outbox }),
    daily: new DailyRun({ db, clock, orders, outbox, settlements }),
    settlements,
    dashboard: new CollectionsDashboardReader(db, clock),
  });
  // the official site lists the outside agencies from the same teams (issue 46, decision 218)
  app.calls.handle({
    recoveryAgencies: async ({ request }) => ({ list: await app.collections.supervision.agencies(requestMarket(request)) }),
  });
};

export default fp(collectionsModule, { name: 'collections', dependencies: ['orders'] });
