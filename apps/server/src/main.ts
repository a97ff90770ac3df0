/** Boots Kilat: config, database, migrations, demo seed, then one port serving the API and the web app. */

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase, pgliteDirOf } from './db/database.js';
import { FolderLockedError } from './db/folder-lock.js';
import { migrate, underMigrationLock } from './db/migrate.js';
import { analyzeTablesWithoutStatistics } from './db/statistics.js';
import { systemClock } from './lending/clock.js';
import { seedCollectionsDemo } from './modules/collections/seed.js';
import { demoOperatorLines, seedConsoleDemo } from './modules/console/operators/seed.js';
import { seedDemo, seedKeysOf, seedReferenceData } from './modules/dev/seed/demo.js';
import { serveMetrics } from './plugins/operability.js';

const PREPARE_FLAG = '--prepare-database';

const openConfigured = (config: Config, onConnectionError?: (error: Error) => void) =>
  openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirOf(config.dataDir), ...config.database, onConnectionError });

/** Migrations and the demo seed; returns what it did, for the log. */
const prepareDatabase = async (config: Config) => {
  const database = await openConfigured(config);
  try {
    const applied = await migrate(database);
    const seed = await underMigrationLock(database.db, async (tx) => {
      await seedReferenceData(tx);
      if (!config.seedDemo) return null;
      const demo = await seedDemo(tx, systemClock, seedKeysOf(config));
      await seedConsoleDemo(tx, systemClock);
      // the demo agent and supervisor collect in both markets; the collections job opens their cases
      await seedCollectionsDemo(tx);
      return demo;
    });
    const analyzed = await analyzeTablesWithoutStatistics(database.db);
    return { applied, seededOrders: seed?.seeded ? seed.orders : 0, analyzedTables: analyzed.length };
  } finally {
    await database.close();
  }
};

// PGlite never returns the WebAssembly memory that initdb, migrations and seeding touch (~300 MB
// on a new data directory), so the embedded database is prepared by a short-lived child process
const prepareInChild = async () => {
  try {
    return await promisify(execFile)(process.execPath, [...process.execArgv, process.argv[1]!, PREPARE_FLAG], { env: process.env });
  } catch (error) {
    // the child already said what went wrong (a locked folder, a bad migration): pass its words on
    const said = (error as { stderr?: string }).stderr?.trim();
    throw said ? new StartError(said) : error;
  }
};

class StartError extends Error {
  override name = 'StartError';
}

const start = async () => {
  const config = loadConfig();
  if (process.argv.includes(PREPARE_FLAG)) {
    console.log(JSON.stringify(await prepareDatabase(config)));
    return;
  }
  const prepared = config.databaseUrl
    ? await prepareDatabase(config)
    : JSON.parse((await prepareInChild()).stdout.trim().split('\n').at(-1) ?? '{}');
  let log: ((error: Error) => void) | undefined;
  const database = await openConfigured(config, (error) => log?.(error));
  const app = await buildApp({ config, database, clock: systemClock });
  log = (error) => app.log.warn({ reason: error.message }, 'database connection lost; the pool opens a new one');
  if (prepared.applied.length > 0) app.log.info({ applied: prepared.applied }, 'migrations applied');
  if (prepared.seededOrders > 0) app.log.info({ orders: prepared.seededOrders }, 'demo data seeded');

  // graceful stop (docs/decisions/030): /readyz fails first so the balancer stops sending, then
  // requests in flight finish and connections close; past the deadline the process exits anyway
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.operability.readiness.draining = true;
    app.log.info({ signal, drainMs: config.shutdown.drainMs, timeoutMs: config.shutdown.timeoutMs }, 'shutting down');
    setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdown.timeoutMs }, 'shutdown deadline passed; exiting with requests still open');
      process.exit(1);
    }, config.shutdown.drainMs + config.shutdown.timeoutMs).unref();
    setTimeout(() => {
      // the database the app was given closes after the app, whose last hooks still write to it
      app
        .close()
        .then(() => database.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error({ err: error }, 'shutdown failed');
            process.exit(1);
          },
        );
    }, config.shutdown.drainMs);
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metrics.port !== undefined) {
    // the process exits at the end of the shutdown, which ends this server with it
    await serveMetrics(app.operability.metrics, { ...config.metrics, port: config.metrics.port }, config.host);
    app.log.info({ port: config.metrics.port }, '/metrics is served on its own port');
  }
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  console.log(`Kilat is running: http://localhost:${port}/testPreview (API docs: http://localhost:${port}/docs)`);
  if (config.seedDemo && !config.isProduction) console.log(demoOperatorLines(`http://localhost:${port}`).join('\n'));
};

start().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof StartError || error instanceof FolderLockedError;
  console.error(known ? error.message : error);
  process.exit(1);
});
