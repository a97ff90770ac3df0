/**
 * One database type for both drivers: embedded PGlite by default, a PostgreSQL pool when a URL
 * is given. Repositories see only `Db`; a transaction is a `Db` too, so they take either.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockFolder } from './folder-lock.js';
import { useLeanQueries } from './lean-queries.js';
import { createDataDirectory } from './pglite-data-directory.js';
import { useNamedStatements } from './pglite-named-statements.js';

/**
 * drizzle is given no schema: Kilat writes no relational queries (`db.query.…`), and with a schema
 * every transaction built a relational query builder for each of the schema's tables before its
 * BEGIN (decision 178).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of `db.execute`: both drivers answer `{ rows }`, which drizzle's shared type does not say. */
export const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** A raw connection for the migrator: multi-statement scripts need the simple query protocol. */
export interface RawTransaction {
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  rawTransaction<T>(work: (tx: RawTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL only: the pool's connections, for /metrics */
  poolStats?: () => PoolStats;
  /** PostgreSQL only: where the pool connects, for a connection of its own outside it (LISTEN: decision 129) */
  connection?: { url: string; searchPath: string | undefined };
  /** PostgreSQL only: how long queries waited for a free connection, while the bench's probe records (decision 256) */
  poolWaits?: PoolWaits;
}

/**
 * The time each checkout of the pool waited for a connection, kept only while `recording` (the
 * bench's steady-rate row turns it on through `/dev/probe`, decision 256): off, a checkout costs one
 * boolean test.
 */
export class PoolWaits {
  recording = false;
  private waits: number[] = [];

  start(): void {
    this.waits = [];
    this.recording = true;
  }

  /** Stops recording; answers every wait (ms) since start. */
  stop(): number[] {
    this.recording = false;
    const waits = this.waits;
    this.waits = [];
    return waits;
  }

  add(ms: number): void {
    if (this.recording) this.waits.push(ms);
  }
}

type Checkout = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/** Times every checkout of `pool` into `waits` while it records: node-postgres's pool.query checks out through pool.connect too. */
const timeCheckouts = (pool: pg.Pool, waits: PoolWaits) => {
  const connect = pool.connect.bind(pool) as (callback?: Checkout) => Promise<pg.PoolClient> | undefined;
  const timed = (callback?: Checkout) => {
    if (!waits.recording) return connect(callback);
    const asked = performance.now();
    if (callback)
      return connect((error, client, done) => {
        waits.add(performance.now() - asked);
        callback(error, client, done);
      });
    return connect()?.then((client) => {
      waits.add(performance.now() - asked);
      return client;
    });
  };
  pool.connect = timed as typeof pool.connect;
};

export interface DatabaseOptions {
  /** a postgres:// URL; absent means embedded PGlite */
  url?: string | undefined;
  /** where PGlite keeps its files; absent means in memory */
  pgliteDir?: string | undefined;
  /** PostgreSQL only: the schema to work in (tests use one per file) */
  searchPath?: string | undefined;
  /** PostgreSQL only: a statement running longer is cancelled (0: no limit) */
  statementTimeoutMs?: number | undefined;
  /** PostgreSQL only: a session idle inside a transaction longer is ended (0: no limit) */
  idleInTransactionTimeoutMs?: number | undefined;
  /** PostgreSQL only: shown in pg_stat_activity */
  applicationName?: string | undefined;
  /** PostgreSQL only: told when an idle connection dies (a failover, an operator's pg_terminate_backend); the pool replaces it */
  onConnectionError?: ((error: Error) => void) | undefined;
}

/** Defaults for a web request's database work: nothing a borrower waits on should run for long. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;
export const DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS = 30_000;

export const openDatabase = async (options: DatabaseOptions): Promise<Database> =>
  options.url ? openPostgres(options.url, options) : openPglite(options.pgliteDir);

/** The PGlite directory under the configured data directory. */
export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');

/** PostgreSQL's defaults size shared memory for a dedicated server; one embedded process needs far less. */
const PGLITE_SETTINGS = ['shared_buffers=8MB', 'wal_buffers=512kB'];

const openPglite = async (dir: string | undefined): Promise<Database> => {
  if (dir) await mkdir(dir, { recursive: true });
  // one folder, one process: a second one would hand out the same ids (docs/decisions/031)
  const lock = dir ? await lockFolder(dir) : null;
  let client: PGlite;
  try {
    if (dir) await createDataDirectory(dir);
    client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), postgresqlconf: PGLITE_SETTINGS });
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzlePglite({ client });
  useNamedStatements(db, client);
  return {
    kind: 'pglite',
    db,
    rawTransaction: (work) =>
      client.transaction((tx) =>
        work({
          exec: async (script) => {
            await tx.exec(script);
          },
          query: async <Row>(text: string, params: unknown[] = []) => (await tx.query<Row>(text, params)).rows,
        }),
      ),
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
};

const openPostgres = async (url: string, options: DatabaseOptions): Promise<Database> => {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? DEFAULT_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    application_name: options.applicationName ?? 'kilat',
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  });
  // without a listener, an idle connection's error (a failover, a terminated backend) is an
  // unhandled 'error' event and ends the process; the pool already dropped that connection
  pool.on('error', (error) => {
    if (options.onConnectionError) options.onConnectionError(error);
    else console.error(`database connection lost, the pool opens a new one: ${error.message}`);
  });
  // a connection that dies while checked out between two queries (a transaction idle past
  // idle_in_transaction_session_timeout) has no pool listener: its next query fails instead
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const poolWaits = new PoolWaits();
  timeCheckouts(pool, poolWaits);
  // fail at boot, not on the first request, when the server is unreachable
  const probe = await pool.connect();
  probe.release();
  const db = drizzleNodePg({ client: pool });
  useLeanQueries(db);
  return {
    kind: 'postgres',
    db,
    rawTransaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          exec: async (script) => {
            await client.query(script);
          },
          query: async <Row>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as Row[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    connection: { url, searchPath: options.searchPath },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    poolWaits,
  };
};
