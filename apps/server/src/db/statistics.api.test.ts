/**
 * Decision 179: the boot gives the planner statistics for the tables that have none, once. A small
 * table autovacuum would never analyze is measured, so the planner knows its size; a table analyzed
 * before is not analyzed again.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/app.js';
import { rowsOf } from './database.js';
import { analyzeTablesWithoutStatistics } from './statistics.js';

let test: TestDatabase;

beforeAll(async () => {
  test = await openTestDatabase();
});

afterAll(async () => {
  await test?.dispose();
});

const reltuplesOf = async (table: string) =>
  Number(
    rowsOf<{ reltuples: string }>(
      await test.database.db.execute(sql`SELECT reltuples::text FROM pg_class WHERE oid = to_regclass(${table})`),
    )[0]?.reltuples,
  );

describe('statistics for tables without any', () => {
  it('analyzes a table never analyzed, so the planner knows its rows, and only once', async () => {
    const { db } = test.database;
    await db.execute(sql`CREATE TABLE stats_probe (id integer PRIMARY KEY, name text NOT NULL)`);
    await db.execute(sql`INSERT INTO stats_probe SELECT n, 'row ' || n FROM generate_series(1, 7) AS n`);
    // never analyzed: PostgreSQL does not know how many rows it holds
    expect(await reltuplesOf('stats_probe')).toBe(-1);
    // the test's tables live in a schema of their own on PostgreSQL, in public on PGlite
    const probe = (names: string[]) => names.filter((name) => name.endsWith('.stats_probe'));
    expect(probe(await analyzeTablesWithoutStatistics(db))).toHaveLength(1);
    expect(await reltuplesOf('stats_probe')).toBe(7);
    expect(probe(await analyzeTablesWithoutStatistics(db))).toEqual([]);
  });
});
