/** Sessions, login codes and the borrower lookups they need. Every method takes an optional transaction. */
import type { Market } from '@kilat/contract';
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type Borrower, borrowers, loginCodes, sessions } from '../../db/schema.js';

export interface SessionRow {
  deviceId: string;
  expiresAt: Date;
  borrower: Pick<Borrower, 'id' | 'market' | 'phone' | 'name' | 'isRepeatClient'>;
}

export class AuthRepository {
  constructor(private readonly db: Db) {}

  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** One indexed read: the session and its borrower together. */
  async findSession(tokenHash: string, tx: Db = this.db): Promise<SessionRow | null> {
    const [row] = await tx
      .select({
        deviceId: sessions.deviceId,
        expiresAt: sessions.expiresAt,
        borrower: {
          id: borrowers.id,
          market: borrowers.market,
          phone: borrowers.phone,
          name: borrowers.name,
          isRepeatClient: borrowers.isRepeatClient,
        },
      })
      .from(sessions)
      .innerJoin(borrowers, eq(borrowers.id, sessions.borrowerId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  async insertSession(session: typeof sessions.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(sessions).values(session);
  }

  async deleteSession(tokenHash: string, tx: Db = this.db): Promise<void> {
    await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
  }

  /** Ends every session of the borrower; answers how many there were. */
  async deleteSessionsOf(borrowerId: number, tx: Db = this.db): Promise<number> {
    const rows = await tx.delete(sessions).where(eq(sessions.borrowerId, borrowerId)).returning({ id: sessions.tokenHash });
    return rows.length;
  }

  async countLoginCodesSince(market: Market, phone: string, since: Date, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(loginCodes)
      .where(and(eq(loginCodes.market, market), eq(loginCodes.phone, phone), gt(loginCodes.createdAt, since)));
    return row?.n ?? 0;
  }

  async deleteExpiredSessions(now: Date, tx: Db = this.db): Promise<void> {
    await tx.delete(sessions).where(lte(sessions.expiresAt, now));
  }

  async findBorrowerByPhone(market: Market, phone: string, tx: Db = this.db): Promise<Borrower | null> {
    const [row] = await tx
      .select()
      .from(borrowers)
      .where(and(eq(borrowers.market, market), eq(borrowers.phone, phone)))
      .limit(1);
    return row ?? null;
  }

  async latestLoginCode(market: Market, phone: string, tx: Db = this.db) {
    const [row] = await tx
      .select()
      .from(loginCodes)
      .where(and(eq(loginCodes.market, market), eq(loginCodes.phone, phone)))
      .orderBy(desc(loginCodes.createdAt), desc(loginCodes.id))
      .limit(1);
    return row ?? null;
  }

  async insertLoginCode(code: typeof loginCodes.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(loginCodes).values(code);
  }

  async countFailedAttempt(id: number, tx: Db = this.db): Promise<void> {
    await tx
      .update(loginCodes)
      .set({ attempts: sql`${loginCodes.attempts} + 1` })
      .where(eq(loginCodes.id, id));
  }

  /** Marks the code used unless someone else did first: single use even under a race. */
  async consumeLoginCode(id: number, now: Date, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .update(loginCodes)
      .set({ usedAt: now })
      .where(and(eq(loginCodes.id, id), isNull(loginCodes.usedAt), gt(loginCodes.expiresAt, now)))
      .returning({ id: loginCodes.id });
    return rows.length === 1;
  }
}
