/**
 * Decision 120: a statement our code names is parsed once on the embedded database, and answers
 * exactly as the same text run without a name. Always on PGlite (in memory), whichever database
 * the rest of the API suite runs on.
 */
import { eq, sql } from 'drizzle-orm';
import { bigint, boolean, date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, rowsOf } from './database.js';
import { isUniqueViolation } from './errors.js';
import { prepareSql } from './prepared-sql.js';

const notes = pgTable('named_notes', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  body: text('body'),
  done: boolean('done').notNull(),
  dueOn: date('due_on'),
  at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
  extra: jsonb('extra'),
});

let database: Database;

beforeAll(async () => {
  database = await openDatabase({});
  await database.db.execute(
    sql`CREATE TABLE named_notes (id bigint PRIMARY KEY, body text, done boolean NOT NULL, due_on date, at timestamptz NOT NULL, extra jsonb)`,
  );
  await database.db.execute(sql`INSERT INTO named_notes VALUES
    (1, 'first', true, '2026-11-24', '2026-11-24T10:00:00.123+05:30', '{"amountMinor": 150000, "tags": ["a"]}'),
    (2, NULL, false, NULL, '2026-11-25T00:00:00Z', NULL)`);
});

afterAll(async () => database.close());

const preparedTexts = async () =>
  rowsOf<{ statement: string }>(await database.db.execute(sql`SELECT statement FROM pg_prepared_statements`)).map((row) => row.statement);

const select = sql`SELECT id, body, done, due_on, at, extra, ${sql.placeholder('id')}::bigint + 1 AS next FROM named_notes WHERE id = ${sql.placeholder('id')}`;

describe('named statements on PGlite', () => {
  it('parse a named text once, however often it runs, and leave an unnamed one unprepared', async () => {
    const named = prepareSql<Record<string, unknown>>(database.db, 'named_note', select);
    for (let id = 1; id <= 3; id++) await named.execute({ id });
    await database.db.execute(sql`SELECT count(*) FROM named_notes WHERE done`);
    const texts = await preparedTexts();
    expect(texts.filter((statement) => statement.includes('FROM named_notes WHERE id ='))).toHaveLength(1);
    expect(texts.filter((statement) => statement.includes('WHERE done'))).toHaveLength(0);
  });

  it('answer every type as the same text without a name: numbers, null, booleans, dates, timestamps, JSON', async () => {
    const named = prepareSql<Record<string, unknown>>(database.db, 'named_note_types', select);
    for (const id of [1, 2, 3]) {
      const unnamed = rowsOf(
        await database.db.execute(
          sql`SELECT id, body, done, due_on, at, extra, ${id}::bigint + 1 AS next FROM named_notes WHERE id = ${id}`,
        ),
      );
      expect(await named.execute({ id })).toEqual(unnamed);
    }
    expect(await named.execute({ id: 1 })).toEqual([
      {
        id: 1,
        body: 'first',
        done: true,
        due_on: '2026-11-24',
        at: '2026-11-24 04:30:00.123+00',
        extra: { amountMinor: 150000, tags: ['a'] },
        next: 2,
      },
    ]);
  });

  it('map a prepared builder’s columns as the builder does, a null parameter included', async () => {
    const byBody = database.db
      .select()
      .from(notes)
      .where(sql`${notes.body} IS NOT DISTINCT FROM ${sql.placeholder('body')}`)
      .prepare('named_note_by_body');
    expect(await byBody.execute({ body: null })).toEqual(await database.db.select().from(notes).where(eq(notes.id, 2)));
    expect(await byBody.execute({ body: 'first' })).toEqual(await database.db.select().from(notes).where(eq(notes.id, 1)));
  });

  it('report a broken constraint with its SQLSTATE and stay ready for the next call', async () => {
    const insert = prepareSql<{ id: number }>(
      database.db,
      'named_note_insert',
      sql`INSERT INTO named_notes (id, done, at) VALUES (${sql.placeholder('id')}, false, now()) RETURNING id`,
    );
    expect(await insert.execute({ id: 10 })).toEqual([{ id: 10 }]);
    const refused = await insert.execute({ id: 10 }).catch((error: unknown) => error);
    expect(isUniqueViolation(refused)).toBe(true);
    expect(await insert.execute({ id: 11 })).toEqual([{ id: 11 }]);
  });

  it('wait for a transaction in progress instead of running inside it', async () => {
    const count = prepareSql<{ n: number }>(
      database.db,
      'named_note_count',
      sql`SELECT count(*)::int AS n FROM named_notes WHERE id = ${sql.placeholder('id')}`,
    );
    let counted: Promise<{ n: number }[]> | undefined;
    const rolledBack = await database.db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO named_notes (id, done, at) VALUES (20, true, now())`);
        // asked for while this transaction holds the row: were it let in between two of the
        // transaction's statements, it would count the row the rollback removes
        counted = count.execute({ id: 20 });
        await tx.execute(sql`SELECT 1`);
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(rolledBack).toBe('roll back');
    expect(await counted).toEqual([{ n: 0 }]);
  });
});
