/** Boots Kilat: config, database, migrations, demo seed, then one port serving the API and the web app. */

import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase, pgliteDirOf } from './db/database.js';
import { migrate } from './db/migrate.js';
import { seedDemo } from './db/seed.js';
import { systemClock } from './lending/clock.js';

const start = async () => {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirOf(config.dataDir) });
  const applied = await migrate(database);
  const seed = config.seedDemo ? await seedDemo(database.db, systemClock) : null;
  const app = await buildApp({ config, database, clock: systemClock });
  app.addHook('onClose', async () => database.close());
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (seed?.seeded) app.log.info({ orders: seed.orders }, 'demo data seeded');

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
};

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
