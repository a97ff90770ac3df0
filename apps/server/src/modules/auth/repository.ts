/** Sessions and the borrower lookups they need (login codes are the otp module's). Every method takes an optional transaction. */
import type { Market } from '@kilat/contract';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type Borrower, borrowers, sessions } from '../../db/schema.js';

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
}
