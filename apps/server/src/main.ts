/** Boots Kilat: config, database, migrations, demo seed, then one port serving the API and the web app. */

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase, pgliteDirOf } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seedDemo, seedReferenceData } from './db/seed.js';
import { systemClock } from './lending/clock.js';
import { demoOperatorLines, seedConsoleDemo } from './modules/console/seed.js';

const PREPARE_FLAG = '--prepare-database';

const openConfigured = (config: Config) => openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirOf(config.dataDir) });

/** Migrations and the demo seed; returns what it did, for the log. */
const prepareDatabase = async (config: Config) => {
  const database = await openConfigured(config);
  try {
    const applied = await migrate(database);
    await seedReferenceData(database.db);
    const seed = config.seedDemo ? await seedDemo(database.db, systemClock) : null;
    if (config.seedDemo) await seedConsoleDemo(database.db, systemClock);
    return { applied, seededOrders: seed?.seeded ? seed.orders : 0 };
  } finally {
    await database.close();
  }
};

// PGlite never returns the WebAssembly memory that initdb, migrations and seeding touch (~300 MB
// on a new data directory), so the embedded database is prepared by a short-lived child process
const prepareInChild = () =>
  promisify(execFile)(process.execPath, [...process.execArgv, process.argv[1]!, PREPARE_FLAG], { env: process.env });

const start = async () => {
  const config = loadConfig();
  if (process.argv.includes(PREPARE_FLAG)) {
    console.log(JSON.stringify(await prepareDatabase(config)));
    return;
  }
  const prepared = config.databaseUrl
    ? await prepareDatabase(config)
    : JSON.parse((await prepareInChild()).stdout.trim().split('\n').at(-1) ?? '{}');
  const database = await openConfigured(config);
  const app = await buildApp({ config, database, clock: systemClock });
  app.addHook('onClose', async () => database.close());
  if (prepared.applied.length > 0) app.log.info({ applied: prepared.applied }, 'migrations applied');
  if (prepared.seededOrders > 0) app.log.info({ orders: prepared.seededOrders }, 'demo data seeded');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number } | null)?.port ?? config.port;
  console.log(`Kilat is running: http://localhost:${port}/testPreview (API docs: http://localhost:${port}/docs)`);
  if (config.seedDemo && !config.isProduction) console.log(demoOperatorLines(`http://localhost:${port}`).join('\n'));
};

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
