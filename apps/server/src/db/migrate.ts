/**
 * Our small migrator: plain SQL files applied in name order, each in its own transaction, recorded
 * in schema_migrations with the SHA-256 of its text; a file changed after it was applied stops
 * the start (docs/decisions/033).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database, Db } from './database.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_FILE = /^(\d{4})_[a-z0-9_-]+\.sql$/;
// any constant works: it only serialises migrators started at once against one PostgreSQL
const MIGRATION_LOCK_KEY = 7_412_093;

export interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

export const listMigrations = async (dir = MIGRATIONS_DIR): Promise<MigrationFile[]> => {
  const names = (await readdir(dir)).filter((name) => MIGRATION_FILE.test(name)).sort();
  return names.map((name) => ({ version: name.slice(0, 4), name, path: `${dir}${name}` }));
};

export class MigrationChangedError extends Error {
  override name = 'MigrationChangedError';
}

const checksumOf = (script: string) => createHash('sha256').update(script).digest('hex');

/** Applies what is missing and answers the names it applied; running it again applies nothing. */
export const migrate = async (database: Database, dir = MIGRATIONS_DIR): Promise<string[]> => {
  const applied: string[] = [];
  for (const file of await listMigrations(dir)) {
    const script = await readFile(file.path, 'utf8');
    const checksum = checksumOf(script);
    const didApply = await database.rawTransaction(async (tx) => {
      // waiting for another instance's migration is not a slow statement
      await tx.exec('SET LOCAL statement_timeout = 0');
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());' +
          'ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text',
      );
      const done = await tx.query<{ checksum: string | null }>('SELECT checksum FROM schema_migrations WHERE version = $1', [file.version]);
      const recorded = done[0];
      if (recorded) {
        // databases migrated before checksums existed get theirs now
        if (recorded.checksum === null) {
          await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [file.version, checksum]);
        } else if (recorded.checksum !== checksum) {
          throw new MigrationChangedError(
            `Migration ${file.name} was changed after it was applied (checksum ${recorded.checksum.slice(0, 12)}… in the database, ` +
              `${checksum.slice(0, 12)}… on disk). Applied migrations are never edited: restore the file and add a new migration.`,
          );
        }
        return false;
      }
      await tx.exec(script);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [file.version, file.name, checksum]);
      return true;
    });
    if (didApply) applied.push(file.name);
  }
  return applied;
};

/**
 * Runs work (the reference and demo seeds) in one transaction holding the migrations' lock, so
 * instances started at once on an empty database seed one after another, each seeing what the
 * one before wrote, instead of racing into duplicate keys.
 */
export const underMigrationLock = <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    return work(tx);
  });
