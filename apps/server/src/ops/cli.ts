/** Operator commands until a console exists: `npm run ops -- migrate`, `npm run ops -- seed`, `npm run ops -- pay-code <vcode>`. */
import { Market } from '@kilat/contract';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase, pgliteDirOf } from '../db/database.js';
import { migrate, underMigrationLock } from '../db/migrate.js';
import { movableClock, systemClock } from '../lending/clock.js';
import { AuthRepository } from '../modules/auth/repository.js';
import { RevocationBus } from '../modules/auth/revocations.js';
import { SessionService } from '../modules/auth/session-service.js';
import { buildComplaints } from '../modules/complaints/module.js';
import { consoleServices } from '../modules/console/module.js';
import { seedConsoleDemo } from '../modules/console/operators/seed.js';
import { seedDemo, seedKeysOf } from '../modules/dev/seed/demo.js';
import { OrdersRepository } from '../modules/orders/repository.js';
import { OrdersService } from '../modules/orders/service.js';
import { productCheckReport } from '../modules/products/check.js';
import { ProductsService } from '../modules/products/service.js';
import { buildUploads } from '../modules/uploads/module.js';
import { BACKUP_USAGE, backup, manifestPathOf, RESTORE_USAGE, restore } from './backup.js';
import { CREATE_OPERATOR_USAGE, createOperator } from './create-operator.js';
import { PAY_CODE_USAGE, payCode } from './pay-code.js';
import { REPLY_COMPLAINT_USAGE, replyComplaint } from './reply-complaint.js';
import { parseUntil, RUN_JOBS_USAGE, runJobsUntil } from './run-jobs.js';

const commands: Record<string, string> = {
  migrate: 'apply pending SQL migrations',
  'product-check': "check every stored product against its market's rules (amounts, term, penalties, caps); exits 1 on a violation",
  seed: 'migrate, then add the demo borrowers, products and orders if the database has no borrowers',
  // PGlite is one process's database: stop `npm start` first, or use DATABASE_URL
  'reply-complaint': `${REPLY_COMPLAINT_USAGE}: write an agent's reply (stop the server first when it uses the embedded database)`,
  'create-operator': `${CREATE_OPERATOR_USAGE}: add a console operator (password from KILAT_OPERATOR_PASSWORD, else generated); prints the TOTP secret once`,
  // talks to the running server (KILAT_URL), so it works while `npm run dev` holds the embedded database
  'run-jobs': `${RUN_JOBS_USAGE}: run every job once a day from today to that date on a moving clock (penalties, reminders, clean-up, reconciliation); stop the server first when it uses the embedded database`,
  'revoke-sessions': 'revoke-sessions <IN|ID> <phone>: end every session of that phone (a lost or stolen phone)',
  'pay-code': `${PAY_CODE_USAGE}: pay an open virtual-account or mini-market code through the sandbox of a running development server`,
  backup: `${BACKUP_USAGE}: pg_dump of DATABASE_URL (custom format) and <file>.manifest.json with every order's balances`,
  restore: `${RESTORE_USAGE}: restore into the empty database of DATABASE_URL, then check the migrations' checksums and every order's balances against the manifest`,
};

/** Backup and restore work on PostgreSQL, before anything is migrated (a restore needs an empty database). */
const backupOrRestore = async (command: 'backup' | 'restore', file: string | undefined): Promise<number> => {
  if (!file) {
    console.error(`Usage: npm run ops -- ${commands[command]}`);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'backup and restore need PostgreSQL (DATABASE_URL); the embedded database is a folder: copy DATA_DIR while the server is stopped',
    );
    return 2;
  }
  if (command === 'backup') {
    const manifest = await backup(config.databaseUrl, null, file, new Date());
    console.log(`backed up ${Object.keys(manifest.orders).length} orders to ${file}; their balances are in ${manifestPathOf(file)}`);
    return 0;
  }
  const report = await restore(config.databaseUrl, file);
  for (const problem of report.problems) console.error(problem);
  console.log(
    report.problems.length === 0
      ? `restored ${report.migrations} migrations and ${report.orders} orders; every order's balances are the backup's`
      : `restored, but ${report.problems.length} thing(s) differ from the backup (above): do not start the app on this database`,
  );
  return report.problems.length === 0 ? 0 : 1;
};

const usage = () =>
  `Usage: npm run ops -- <command>\n${Object.entries(commands)
    .map(([name, what]) => `  ${name.padEnd(8)} ${what}`)
    .join('\n')}`;

const run = async (command: string | undefined) => {
  if (!command || !(command in commands)) {
    console.error(usage());
    return 2;
  }
  if (command === 'backup' || command === 'restore') return backupOrRestore(command, process.argv[3]);
  if (command === 'pay-code') {
    const result = await payCode(process.argv.slice(3));
    (result.ok ? console.log : console.error)(result.message);
    return result.ok ? 0 : 1;
  }
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: pgliteDirOf(config.dataDir) });
  try {
    const applied = await migrate(database);
    console.log(applied.length > 0 ? `applied: ${applied.join(', ')}` : 'migrations: nothing to apply');
    const orders = new OrdersService(new OrdersRepository(database.db), systemClock);
    const uploads = async () => (await buildUploads(database.db, config, systemClock)).uploads;
    const complaints = async () => buildComplaints(database.db, systemClock, orders, await uploads());
    if (command === 'reply-complaint') {
      console.log(await replyComplaint(await complaints(), process.argv.slice(3)));
    }
    if (command === 'revoke-sessions') {
      const [market, phone] = process.argv.slice(3);
      if ((market !== Market.India && market !== Market.Indonesia) || !phone) {
        console.error(`Usage: npm run ops -- ${commands['revoke-sessions']}`);
        return 2;
      }
      // published like an instance's logout: every running instance drops the sessions from its cache at once (decision 129)
      const bus = await RevocationBus.open({
        database,
        redisUrl: config.redisUrl,
        log: { warn: (_details, message) => console.error(message) },
      });
      try {
        const sessions = new SessionService(new AuthRepository(database.db), systemClock, config.sessionTtlHours, bus);
        console.log(
          `ended ${await sessions.revokeAllOf(market, phone)} session(s) of ${market} ${phone} (told every instance through ${bus.channel})`,
        );
      } finally {
        await bus.close();
      }
    }
    if (command === 'create-operator') {
      const { auth } = consoleServices({
        db: database.db,
        clock: systemClock,
        config,
        complaints: await complaints(),
        orders,
        uploads: await uploads(),
      });
      console.log(await createOperator(auth, process.argv.slice(3)));
    }
    if (command === 'product-check') {
      const report = await productCheckReport(new ProductsService(database.db));
      console.log(report.lines.length > 0 ? report.lines.join('\n') : 'no products stored');
      if (!report.ok) return 1;
    }
    if (command === 'run-jobs') {
      const until = parseUntil(process.argv.slice(3));
      if (!until) {
        console.error(`Usage: npm run ops -- ${RUN_JOBS_USAGE}`);
        return 2;
      }
      const clock = movableClock(new Date());
      const app = await buildApp({ config: { ...config, jobsEnabled: false }, database, clock });
      try {
        await app.ready();
        return await runJobsUntil(app, clock, until, console.log);
      } finally {
        await app.close();
      }
    }
    if (command === 'seed') {
      const result = await underMigrationLock(database.db, (tx) => seedDemo(tx, systemClock, seedKeysOf(config)));
      if (await underMigrationLock(database.db, (tx) => seedConsoleDemo(tx, systemClock))) {
        console.log('seeded the demo operators and reply templates');
      }
      console.log(result.seeded ? `seeded ${result.orders} demo orders` : 'seed: the database already has borrowers, nothing added');
    }
    return 0;
  } finally {
    await database.close();
  }
};

run(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
