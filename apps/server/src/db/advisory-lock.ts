/**
 * Serialises check-then-write sequences across every instance on one database (issue 16): a
 * transaction-scoped advisory lock on a (namespace, key) pair, released at commit or rollback.
 * Used where an SMS code is issued, so "one code per 60 s" holds when six requests for one phone
 * land on two instances in the same millisecond (docs/decisions/032).
 */
import { sql } from 'drizzle-orm';
import type { Db } from './database.js';

export const lockInTransaction = async (tx: Db, namespace: string, key: string): Promise<void> => {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${namespace}), hashtext(${key}))`);
};
