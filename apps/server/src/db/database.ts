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
import * as schema from './schema.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** A raw connection for the migrator: multi-statement scripts need the simple query protocol. */
export interface RawTransaction {
  exec(script: string): Promise<void>;
  query<Row>(text: string, params?: unknown[]): Promise<Row[]>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  rawTransaction<T>(work: (tx: RawTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** a postgres:// URL; absent means embedded PGlite */
  url?: string | undefined;
  /** where PGlite keeps its files; absent means in memory */
  pgliteDir?: string | undefined;
  /** PostgreSQL only: the schema to work in (tests use one per file) */
  searchPath?: string | undefined;
}

export const openDatabase = async (options: DatabaseOptions): Promise<Database> =>
  options.url ? openPostgres(options.url, options.searchPath) : openPglite(options.pgliteDir);

/** The PGlite directory under the configured data directory. */
export const pgliteDirOf = (dataDir: string) => join(dataDir, 'pglite');

/** PostgreSQL's defaults size shared memory for a dedicated server; one embedded process needs far less. */
const PGLITE_SETTINGS = ['shared_buffers=8MB', 'wal_buffers=512kB'];

const openPglite = async (dir: string | undefined): Promise<Database> => {
  if (dir) await mkdir(dir, { recursive: true });
  const client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), postgresqlconf: PGLITE_SETTINGS });
  return {
    kind: 'pglite',
    db: drizzlePglite({ client, schema }),
    rawTransaction: (work) =>
      client.transaction((tx) =>
        work({
          exec: async (script) => {
            await tx.exec(script);
          },
          query: async <Row>(text: string, params: unknown[] = []) => (await tx.query<Row>(text, params)).rows,
        }),
      ),
    close: () => client.close(),
  };
};

const openPostgres = async (url: string, searchPath: string | undefined): Promise<Database> => {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // fail at boot, not on the first request, when the server is unreachable
  const probe = await pool.connect();
  probe.release();
  return {
    kind: 'postgres',
    db: drizzleNodePg({ client: pool, schema }),
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
  };
};
