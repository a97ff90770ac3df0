/**
 * What the server knows about contacting a borrower (issue 46 §4): the flags that stop every contact
 * and the borrower's own time zone (their latest application's city). The collectors' routes and
 * the automated overdue reminders (jobs/due-reminders.ts) both ask here.
 */
import type { Market } from '@kilat/contract';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { type ContactZone, contactZoneOf } from '../../lending/contact-conduct.js';

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The borrowers among `ids` with a flag set that stops contact. */
export const stoppedBorrowers = async (db: Db, ids: readonly number[]): Promise<Set<number>> => {
  if (ids.length === 0) return new Set();
  const found = await db.execute(
    sql`SELECT DISTINCT borrower_id FROM contact_stops WHERE lifted_at IS NULL AND borrower_id IN (${idList(ids)})`,
  );
  return new Set(rowsOf<{ borrower_id: string | number }>(found).map((row) => Number(row.borrower_id)));
};

/** Each borrower's city as their latest application names it (null when none does). */
export const citiesOf = async (db: Db, ids: readonly number[]): Promise<Map<number, string | null>> => {
  if (ids.length === 0) return new Map();
  const found = await db.execute(sql`
    SELECT DISTINCT ON (borrower_id) borrower_id, city FROM loan_applications
    WHERE borrower_id IN (${idList(ids)}) ORDER BY borrower_id, created_at DESC, id DESC`);
  return new Map(rowsOf<{ borrower_id: string | number; city: string }>(found).map((row) => [Number(row.borrower_id), row.city]));
};

/** Each borrower's contact zone: India's one, Indonesia's by city (WIB when unknown). */
export const zonesOf = async (db: Db, borrowers: readonly { id: number; market: Market }[]): Promise<Map<number, ContactZone>> => {
  const cities = await citiesOf(
    db,
    borrowers.map((borrower) => borrower.id),
  );
  return new Map(borrowers.map((borrower) => [borrower.id, contactZoneOf(borrower.market, cities.get(borrower.id))]));
};
