/** Our small migrator: plain SQL files applied in name order, each in its own transaction, recorded in schema_migrations. */
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Database } from './database.js';

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

/** Applies what is missing and answers the names it applied; running it again applies nothing. */
export const migrate = async (database: Database, dir = MIGRATIONS_DIR): Promise<string[]> => {
  const applied: string[] = [];
  for (const file of await listMigrations(dir)) {
    const script = await readFile(file.path, 'utf8');
    const didApply = await database.rawTransaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      await tx.exec(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const done = await tx.query<{ version: string }>('SELECT version FROM schema_migrations WHERE version = $1', [file.version]);
      if (done.length > 0) return false;
      await tx.exec(script);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [file.version, file.name]);
      return true;
    });
    if (didApply) applied.push(file.name);
  }
  return applied;
};
