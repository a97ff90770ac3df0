/** The loans module's own reads and writes: ratings and loan-page events. */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { loanEvents, orderScores } from '../../db/schema.js';

export class LoansRepository {
  constructor(readonly db: Db) {}

  async hasScore(orderId: number, tx: Db = this.db): Promise<boolean> {
    const [row] = await tx.select({ orderId: orderScores.orderId }).from(orderScores).where(eq(orderScores.orderId, orderId)).limit(1);
    return row !== undefined;
  }

  /** Stores the rating once: false when the order already has one. */
  async insertScore(orderId: number, borrowerId: number, score: number, tx: Db = this.db): Promise<boolean> {
    const rows = await tx
      .insert(orderScores)
      .values({ orderId, borrowerId, score })
      .onConflictDoNothing({ target: orderScores.orderId })
      .returning({ orderId: orderScores.orderId });
    return rows.length > 0;
  }

  async insertEvent(event: typeof loanEvents.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(loanEvents).values(event);
  }

  async eventsOf(borrowerId: number, kind: 'event' | 'recommended_tap', tx: Db = this.db) {
    return tx
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.borrowerId, borrowerId), eq(loanEvents.kind, kind)))
      .orderBy(loanEvents.id);
  }
}
