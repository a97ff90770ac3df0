/**
 * The instant collection contact is judged at (decision 214): the server's clock, and outside
 * production that clock moved by the sandbox's offset kept in `sandbox_clock` — in PostgreSQL, so
 * every instance judges the same hour. Production never reads the table and has no route writing it.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lending/clock.js';
import { sandboxClock } from './tables.js';

const SCOPE = 'collection-contact' as const;

export type ContactClock = () => Promise<Date>;

export const contactClockOf = (db: Db, clock: Clock, production: boolean): ContactClock => {
  if (production) return async () => clock.now();
  return async () => {
    const [row] = await db.select({ offsetMs: sandboxClock.offsetMs }).from(sandboxClock).where(eq(sandboxClock.scope, SCOPE));
    return new Date(clock.now().getTime() + (row?.offsetMs ?? 0));
  };
};

/** Sets the sandbox's contact clock to `at` from now on (time then runs on from it), or back to the real time with null. */
export const setSandboxContactClock = async (db: Db, clock: Clock, at: Date | null): Promise<{ offsetMs: number }> => {
  const now = clock.now();
  if (at === null) {
    await db.delete(sandboxClock).where(eq(sandboxClock.scope, SCOPE));
    return { offsetMs: 0 };
  }
  const offsetMs = at.getTime() - now.getTime();
  await db
    .insert(sandboxClock)
    .values({ scope: SCOPE, offsetMs, setAt: now })
    .onConflictDoUpdate({ target: sandboxClock.scope, set: { offsetMs, setAt: now } });
  return { offsetMs };
};
