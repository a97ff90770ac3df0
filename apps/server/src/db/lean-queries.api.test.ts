/**
 * Queries on the pool's lean path answer as drizzle's own `execute` does (decision 177): the same
 * expectations hold on embedded PGlite, where drizzle runs every query, and on PostgreSQL (the
 * API suite's second run), where the pool's session runs them on the lean path.
 */
import { DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test/app.js';
import type { Db } from './database.js';
import { prepareSql } from './prepared-sql.js';

const owners = pgTable('lean_owners', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }).notNull(),
});
const pets = pgTable('lean_pets', {
  id: integer('id').primaryKey(),
  ownerId: integer('owner_id').notNull(),
  name: text('name'),
  grams: bigint('grams', { mode: 'number' }),
});

let test: TestDatabase;
let db: Db;

beforeAll(async () => {
  test = await openTestDatabase();
  db = test.database.db;
  await db.execute(sql`CREATE TABLE lean_owners (id integer PRIMARY KEY, name text NOT NULL, joined_at timestamptz NOT NULL)`);
  await db.execute(sql`CREATE TABLE lean_pets (id integer PRIMARY KEY, owner_id integer NOT NULL, name text, grams bigint)`);
  await db.insert(owners).values([
    { id: 1, name: 'Asha', joinedAt: new Date('2026-01-02T03:04:05.000Z') },
    { id: 2, name: 'Budi', joinedAt: new Date('2026-02-03T04:05:06.000Z') },
  ]);
  await db.insert(pets).values([
    { id: 10, ownerId: 1, name: 'Milo', grams: 4200 },
    { id: 11, ownerId: 1, name: null, grams: null },
  ]);
});

afterAll(async () => test.dispose());

describe('queries on the pool (decision 177)', () => {
  it('runs on the lean path on PostgreSQL and on drizzle’s own on PGlite', () => {
    const prepared = db.select().from(owners).prepare('lean_probe') as unknown as { execute: unknown };
    const own = Object.getPrototypeOf(prepared).execute;
    expect(prepared.execute !== own).toBe(test.database.kind === 'postgres');
  });

  it('maps a left join: a joined table with no row is null, a row whose columns are null is kept', async () => {
    const rows = await db
      .select({ owner: owners.name, joined: owners.joinedAt, pet: pets })
      .from(owners)
      .leftJoin(pets, eq(pets.ownerId, owners.id))
      .orderBy(owners.id, pets.id);
    expect(rows).toEqual([
      { owner: 'Asha', joined: new Date('2026-01-02T03:04:05.000Z'), pet: { id: 10, ownerId: 1, name: 'Milo', grams: 4200 } },
      { owner: 'Asha', joined: new Date('2026-01-02T03:04:05.000Z'), pet: { id: 11, ownerId: 1, name: null, grams: null } },
      { owner: 'Budi', joined: new Date('2026-02-03T04:05:06.000Z'), pet: null },
    ]);
  });

  it('decodes sql fields with their mapWith, nested selections and placeholders of a prepared statement', async () => {
    const prepared = db
      .select({
        id: owners.id,
        detail: { name: owners.name, letters: sql<number>`length(${owners.name})::text`.mapWith(Number) },
      })
      .from(owners)
      .where(eq(owners.id, sql.placeholder('id')))
      .prepare('lean_owner_detail');
    expect(await prepared.execute({ id: 1 })).toEqual([{ id: 1, detail: { name: 'Asha', letters: 4 } }]);
    expect(await prepared.execute({ id: 2 })).toEqual([{ id: 2, detail: { name: 'Budi', letters: 4 } }]);
    expect(await prepared.execute({ id: 3 })).toEqual([]);
  });

  it('answers a write with its returning rows, a write without one with its row count, and raw SQL with its rows', async () => {
    expect(await db.update(pets).set({ grams: 4300 }).where(eq(pets.id, 10)).returning({ grams: pets.grams })).toEqual([{ grams: 4300 }]);
    const counted = await db.update(pets).set({ name: 'Kiki' }).where(eq(pets.ownerId, 1));
    expect((counted as unknown as { rowCount: number }).rowCount).toBe(2);
    const raw = await db.execute(sql`SELECT name FROM lean_pets ORDER BY id`);
    expect((raw as unknown as { rows: unknown[] }).rows).toEqual([{ name: 'Kiki' }, { name: 'Kiki' }]);
  });

  it('wraps a failing query in DrizzleQueryError with PostgreSQL’s error as its cause', async () => {
    const failed = await db
      .insert(owners)
      .values({ id: 1, name: 'again', joinedAt: new Date() })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(DrizzleQueryError);
    expect((failed as DrizzleQueryError).cause).toMatchObject({ code: '23505' });
  });

  it('reads every answer of a prepared statement by its columns, in rows of arrays and of objects alike (decision 178)', async () => {
    const asArrays = db
      .select({
        name: owners.name,
        joined: owners.joinedAt,
        pets: sql<number>`(SELECT count(*) FROM lean_pets p WHERE p.owner_id = lean_owners.id)`.mapWith(Number),
      })
      .from(owners)
      .where(eq(owners.id, sql.placeholder('id')))
      .prepare('lean_kept_arrays');
    const asObjects = prepareSql<{ name: string; joined_at: unknown; grams: unknown }>(
      db,
      'lean_kept_objects',
      sql`SELECT o.name, o.joined_at, p.grams FROM lean_owners o LEFT JOIN lean_pets p ON p.owner_id = o.id AND p.id = ${sql.placeholder('petId')} WHERE o.id = ${sql.placeholder('id')}`,
    );
    for (let round = 0; round < 3; round++) {
      expect(await asArrays.execute({ id: 1 })).toEqual([{ name: 'Asha', joined: new Date('2026-01-02T03:04:05.000Z'), pets: 2 }]);
      expect(await asArrays.execute({ id: 2 })).toEqual([{ name: 'Budi', joined: new Date('2026-02-03T04:05:06.000Z'), pets: 0 }]);
      const [withPet] = await asObjects.execute({ id: 1, petId: 10 });
      const [without] = await asObjects.execute({ id: 2, petId: 10 });
      expect(Object.keys(withPet!)).toEqual(['name', 'joined_at', 'grams']);
      // a bigint is a string from pg and a number from PGlite: its digits are the same
      expect(withPet).toMatchObject({ name: 'Asha' });
      expect(String(withPet!.grams)).toBe('4300');
      expect(without).toMatchObject({ name: 'Budi', grams: null });
      expect(String(withPet!.joined_at)).toContain('2026-01-02');
    }
  });

  it('gives every pool connection back, after answers and after failures alike', async () => {
    // more queries at once than the pool holds (10), each failing or answering: a connection kept would stall the rest
    const failing = () =>
      db
        .insert(owners)
        .values({ id: 2, name: 'twice', joinedAt: new Date() })
        .then(
          () => 'written',
          () => 'refused',
        );
    const answering = () => db.select({ id: owners.id }).from(owners).where(eq(owners.id, 1));
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, index) => (index % 2 ? failing() : answering())));
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(15);
    expect(outcomes.filter((outcome) => Array.isArray(outcome) && outcome[0]?.id === 1)).toHaveLength(15);
    expect(await Promise.all(Array.from({ length: 30 }, answering))).toHaveLength(30);
  });
});
