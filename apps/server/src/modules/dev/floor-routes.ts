/**
 * The floor routes `npm run bench` measures the product's calls against (DESIGN §8, issue 15): the
 * least a route can do on the same server, database and pool — one indexed select, prepared once as
 * the product's hot reads and the bare floor's named statement are (decision 169), and one insert
 * in a transaction. Development only, like every `/dev` route; no session, no envelope work beyond
 * the reply.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type Db, rowsOf } from '../../db/database.js';
import { borrowers } from '../../db/schema.js';

/** A table of the bench's own for the insert floor, made on first use (never in production). */
const FLOOR_TABLE = sql.raw('dev_floor_writes');

export const registerFloorRoutes = (app: FastifyInstance, db: Db) => {
  // a promise of its own: drizzle's query object runs its statement again each time it is awaited,
  // which made every insert floor call a CREATE TABLE IF NOT EXISTS too
  let table: Promise<void> | null = null;
  const ensureTable = () => {
    table ??= db.execute(sql`CREATE TABLE IF NOT EXISTS ${FLOOR_TABLE} (id bigserial PRIMARY KEY, written_at timestamptz NOT NULL)`).then(
      () => undefined,
      (error: unknown) => {
        table = null;
        throw error;
      },
    );
    return table;
  };

  // prepared once, as the product's reads are (loan details' stamp, the session): the bare floor's named statement
  const borrowerOne = db
    .select({ id: borrowers.id, market: borrowers.market })
    .from(borrowers)
    .where(eq(borrowers.id, sql.placeholder('id')))
    .prepare('dev_floor_select');
  app.get('/dev/floor/select', { schema: { hide: true } }, async () => {
    const [found] = await borrowerOne.execute({ id: 1 });
    return { code: '00', data: found ?? null };
  });

  app.post('/dev/floor/insert', { schema: { hide: true } }, async () => {
    await ensureTable();
    const id = await db.transaction(async (tx) => {
      const written = await tx.execute(sql`INSERT INTO ${FLOOR_TABLE} (written_at) VALUES (now()) RETURNING id`);
      return rowsOf<{ id: unknown }>(written)[0]?.id ?? null;
    });
    return { code: '00', data: { id } };
  });
};
