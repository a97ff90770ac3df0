/**
 * Planner statistics for the tables PostgreSQL has never analyzed (decision 179). Autovacuum
 * analyzes a table once 50 rows and a tenth of it have changed, so a small reference table (the
 * handful of products every borrower's list joins) may never be: the planner then guesses its
 * size, and the borrower's order stamps were joined to it by hashing the whole table on every
 * call. The boot analyzes such tables once, after the seed; tables analyzed before are left to
 * autovacuum.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from './database.js';

/** Analyzes every table of the database that has no statistics yet; answers their names. */
export const analyzeTablesWithoutStatistics = async (db: Db): Promise<string[]> => {
  const never = rowsOf<{ name: string }>(
    await db.execute(sql`
      SELECT format('%I.%I', schemaname, relname) AS name FROM pg_stat_user_tables
      WHERE last_analyze IS NULL AND last_autoanalyze IS NULL ORDER BY 1`),
  ).map((row) => row.name);
  if (never.length > 0) await db.execute(sql.raw(`ANALYZE ${never.join(', ')}`));
  return never;
};
