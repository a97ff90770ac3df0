/**
 * `npm run ops -- backup <file>` and `npm run ops -- restore <file>` (issue 32, decision 130):
 * a logical backup of the PostgreSQL database (pg_dump's custom format) with a manifest beside it
 * (`<file>.manifest.json`): the migrations' checksums and every order's balances, derived from
 * the ledger in the same snapshot as the dump. A restore goes into an empty database only, then
 * checks that the restored migrations' checksums are the dump's and the files', and derives every
 * order's balances again at the manifest's instant: the same numbers, or the restore says which
 * order differs and exits 1.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { asc } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/database.js';
import { listMigrations } from '../db/migrate.js';
import * as schema from '../db/schema.js';
import { movableClock } from '../lending/clock.js';
import { OrdersRepository } from '../modules/orders/repository.js';
import { OrdersService } from '../modules/orders/service.js';

export const BACKUP_USAGE = 'backup <file.dump>';
export const RESTORE_USAGE = 'restore <file.dump>';

const run = promisify(execFile);

/** What a restore must give back for each order: its status and the balances the ledger gives. */
export interface OrderBalance {
  status: number;
  outstandingMinor: number;
  repaidMinor: number;
  penaltyOwedMinor: number;
  overpaidMinor: number;
  extensions: number;
  periodsOwedMinor: number[];
}

export interface BackupManifest {
  /** the instant the balances were derived at: a restore derives them at the same instant */
  asOf: string;
  /** the schema dumped (the connection's search_path), or null for the default */
  schema: string | null;
  migrations: { version: string; checksum: string | null }[];
  orders: Record<string, OrderBalance>;
}

export const manifestPathOf = (file: string) => `${file}.manifest.json`;

const clientFor = (url: string, searchPath: string | null) =>
  new pg.Client({
    connectionString: url,
    application_name: 'kilat-ops',
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });

/** Every order's balances at `asOf`, derived from its ledger exactly as the app derives them. */
export const orderBalances = async (db: Db, asOf: Date): Promise<Record<string, OrderBalance>> => {
  const orders = new OrdersService(new OrdersRepository(db), movableClock(asOf));
  const list = await db.select().from(schema.orders).orderBy(asc(schema.orders.id));
  const balances: Record<string, OrderBalance> = {};
  for (const state of await orders.states(list)) {
    balances[state.order.orderNo] = {
      status: state.status,
      outstandingMinor: state.replay.outstandingMinor,
      repaidMinor: state.replay.repaidMinor,
      penaltyOwedMinor: state.replay.penaltyOwedMinor,
      overpaidMinor: state.replay.overpaidMinor,
      extensions: state.replay.extensions,
      periodsOwedMinor: state.replay.periods.map((period) => period.owedMinor),
    };
  }
  return balances;
};

const recordedMigrations = async (client: pg.Client) =>
  (await client.query<{ version: string; checksum: string | null }>('SELECT version, checksum FROM schema_migrations ORDER BY version'))
    .rows;

/**
 * Dumps the database to `file` and writes the manifest. The balances are read in the snapshot
 * pg_dump dumps (an exported snapshot), so a server taking payments meanwhile cannot make them
 * disagree.
 */
export const backup = async (url: string, searchPath: string | null, file: string, asOf: Date): Promise<BackupManifest> => {
  const client = clientFor(url, searchPath);
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ snapshot: string }>('SELECT pg_export_snapshot() AS snapshot');
    const db = drizzle({ client }) as unknown as Db;
    const manifest: BackupManifest = {
      asOf: asOf.toISOString(),
      schema: searchPath,
      migrations: await recordedMigrations(client),
      orders: await orderBalances(db, asOf),
    };
    await run(
      'pg_dump',
      [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--snapshot=${rows[0]!.snapshot}`,
        ...(searchPath ? [`--schema=${searchPath}`] : []),
        `--file=${file}`,
        `--dbname=${url}`,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    );
    await client.query('COMMIT');
    await writeFile(manifestPathOf(file), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await client.end();
  }
};

export interface RestoreReport {
  orders: number;
  migrations: number;
  /** what does not match; empty when the restore gave everything back */
  problems: string[];
}

const checksumOf = (text: string) => createHash('sha256').update(text).digest('hex');

const sameBalance = (a: OrderBalance, b: OrderBalance) => JSON.stringify(a) === JSON.stringify(b);

/** Each order whose balances after a restore are not the backup's, or that one side lacks. */
export const balanceDifferences = (backedUp: Record<string, OrderBalance>, restored: Record<string, OrderBalance>): string[] => {
  const problems: string[] = [];
  for (const orderNo of new Set([...Object.keys(backedUp), ...Object.keys(restored)])) {
    const before = backedUp[orderNo];
    const after = restored[orderNo];
    if (!before || !after) problems.push(`order ${orderNo}: ${before ? 'missing after the restore' : 'not in the backup'}`);
    else if (!sameBalance(before, after))
      problems.push(`order ${orderNo}: ${JSON.stringify(after)} after the restore, ${JSON.stringify(before)} in the backup`);
  }
  return problems;
};

/** Restores `file` into the empty database at `url`, then checks the migrations and every order's balances against the manifest. */
export const restore = async (url: string, file: string): Promise<RestoreReport> => {
  const manifest = JSON.parse(await readFile(manifestPathOf(file), 'utf8')) as BackupManifest;
  const admin = clientFor(url, null);
  await admin.connect();
  try {
    const { rows } = await admin.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    if (Number(rows[0]!.n) > 0) {
      throw new Error('the target database is not empty: restore into a new database (createdb), never over one in use');
    }
  } finally {
    await admin.end();
  }
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${url}`, file], { maxBuffer: 16 * 1024 * 1024 });

  const client = clientFor(url, manifest.schema);
  await client.connect();
  try {
    const problems: string[] = [];
    const restored = await recordedMigrations(client);
    if (JSON.stringify(restored) !== JSON.stringify(manifest.migrations))
      problems.push('the restored migrations are not the ones the backup recorded');
    const onDisk = new Map<string, string>();
    for (const migration of await listMigrations()) onDisk.set(migration.version, checksumOf(await readFile(migration.path, 'utf8')));
    for (const { version, checksum } of restored) {
      if (checksum !== onDisk.get(version))
        problems.push(
          `migration ${version}: its checksum in the backup is not this release's file (${onDisk.has(version) ? 'changed' : 'missing'})`,
        );
    }
    const balances = await orderBalances(drizzle({ client }) as unknown as Db, new Date(manifest.asOf));
    problems.push(...balanceDifferences(manifest.orders, balances));
    return { orders: Object.keys(balances).length, migrations: restored.length, problems };
  } finally {
    await client.end();
  }
};
