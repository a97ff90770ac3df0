/**
 * Ring 1, first part: what the process stands on. The database (opened and migrated here unless
 * the caller brings one), the probes and metrics of plugins/operability.ts, and — in production —
 * the sandbox's and the development routes' paths answering 404 before anything else runs.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { type Database, openDatabase, pgliteDirOf } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { AppError } from '../http/app-error.js';
import { pathOf } from '../http/log-options.js';
import { Metrics, Readiness, registerOperability } from './operability.js';

/** What operators and other modules reach: the metrics registry (jobs add theirs) and readiness (main drains it). */
export interface Operability {
  metrics: Metrics;
  readiness: Readiness;
}

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    operability: Operability;
  }
}

export interface PlatformOptions {
  config: Config;
  /** an open, migrated database; without one the app opens (and closes) its own */
  database?: Database | undefined;
  /** process metrics (CPU, memory, event loop) besides the app's own; default true */
  defaultMetrics?: boolean | undefined;
}

const SANDBOX_OR_DEV = /^\/(dev|sandbox|webhooks\/payments\/sandbox)(\/|$)/;
export const isSandboxOrDevPath = (url: string) => SANDBOX_OR_DEV.test(pathOf(url));

const platform = async (app: FastifyInstance, { config, ...options }: PlatformOptions) => {
  let database = options.database;
  if (!database) {
    database = await openDatabase({
      url: config.databaseUrl,
      pgliteDir: pgliteDirOf(config.dataDir),
      ...config.database,
      onConnectionError: (error) => app.log.warn({ reason: error.message }, 'database connection lost; the pool opens a new one'),
    });
    await migrate(database);
    const owned = database;
    app.addHook('onClose', async () => owned.close());
  }
  app.decorate('database', database);

  const operability: Operability = { metrics: new Metrics({ defaults: options.defaultMetrics ?? true }), readiness: new Readiness() };
  operability.metrics.watchPool(database);
  app.decorate('operability', operability);
  registerOperability(app, { database, ...operability, access: config.metrics });
  if (config.isProduction) {
    // the sandbox's pages and webhook and the development routes do not exist in production
    app.addHook('onRequest', (request, _reply, done) => done(isSandboxOrDevPath(request.url) ? AppError.notFound() : undefined));
  }
};

export default fp(platform, { name: 'platform' });
