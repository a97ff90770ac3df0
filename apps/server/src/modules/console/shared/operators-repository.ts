/** Operators and their cookie sessions. Every method takes an optional transaction. */
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { type Operator, operatorSessions, operators } from '../../../db/schema.js';

export class OperatorsRepository {
  constructor(private readonly db: Db) {}

  async byEmail(email: string, tx: Db = this.db): Promise<Operator | null> {
    const [row] = await tx.select().from(operators).where(eq(operators.email, email.toLowerCase())).limit(1);
    return row ?? null;
  }

  async byId(id: number, tx: Db = this.db): Promise<Operator | null> {
    const [row] = await tx.select().from(operators).where(eq(operators.id, id)).limit(1);
    return row ?? null;
  }

  async list(tx: Db = this.db): Promise<Operator[]> {
    return tx.select().from(operators).orderBy(asc(operators.id));
  }

  async insert(operator: typeof operators.$inferInsert, tx: Db = this.db): Promise<Operator> {
    const [row] = await tx.insert(operators).values(operator).returning();
    return row!;
  }

  async update(id: number, change: Partial<typeof operators.$inferInsert>, tx: Db = this.db): Promise<void> {
    await tx.update(operators).set(change).where(eq(operators.id, id));
  }

  async insertSession(session: typeof operatorSessions.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(operatorSessions).values(session);
  }

  /** The live session of this token hash with its operator, or null. */
  async session(tokenHash: string, now: Date, tx: Db = this.db) {
    const [row] = await tx
      .select({ session: operatorSessions, operator: operators })
      .from(operatorSessions)
      .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
      .where(and(eq(operatorSessions.tokenHash, tokenHash), gt(operatorSessions.expiresAt, now)))
      .limit(1);
    return row ?? null;
  }

  async touchSession(tokenHash: string, now: Date, tx: Db = this.db): Promise<void> {
    await tx.update(operatorSessions).set({ lastSeenAt: now }).where(eq(operatorSessions.tokenHash, tokenHash));
  }

  async deleteSession(tokenHash: string, tx: Db = this.db): Promise<void> {
    await tx.delete(operatorSessions).where(eq(operatorSessions.tokenHash, tokenHash));
  }

  async deleteSessionsOf(operatorId: number, tx: Db = this.db): Promise<void> {
    await tx.delete(operatorSessions).where(eq(operatorSessions.operatorId, operatorId));
  }
}
