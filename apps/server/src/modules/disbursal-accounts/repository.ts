/** Where disbursal accounts are kept (migration 0019): one active row per borrower, replaced rows kept for the payouts that name them. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { borrowers, disbursalAccounts } from '../../db/schema.js';

export type DisbursalAccountRow = typeof disbursalAccounts.$inferSelect;
export type NewDisbursalAccountRow = typeof disbursalAccounts.$inferInsert;

export class DisbursalAccountsRepository {
  constructor(private readonly db: Db) {}

  /** the borrower's account in force (not replaced), whatever its validation says */
  async active(borrowerId: number, tx: Db = this.db): Promise<DisbursalAccountRow | null> {
    const [row] = await tx
      .select()
      .from(disbursalAccounts)
      .where(and(eq(disbursalAccounts.borrowerId, borrowerId), isNull(disbursalAccounts.replacedAt)))
      .limit(1);
    return row ?? null;
  }

  /** every account the borrower gave, newest first (tests and operators) */
  async all(borrowerId: number, tx: Db = this.db): Promise<DisbursalAccountRow[]> {
    return tx.select().from(disbursalAccounts).where(eq(disbursalAccounts.borrowerId, borrowerId)).orderBy(desc(disbursalAccounts.id));
  }

  async applicantName(borrowerId: number, tx: Db = this.db): Promise<string> {
    const [row] = await tx.select({ name: borrowers.name }).from(borrowers).where(eq(borrowers.id, borrowerId)).limit(1);
    return row?.name ?? '';
  }

  async insert(row: NewDisbursalAccountRow, tx: Db): Promise<DisbursalAccountRow> {
    const [inserted] = await tx.insert(disbursalAccounts).values(row).returning();
    return inserted!;
  }

  async replace(id: number, at: Date, tx: Db): Promise<void> {
    await tx.update(disbursalAccounts).set({ replacedAt: at }).where(eq(disbursalAccounts.id, id));
  }

  /** what a pending validation became, once the gateway decided */
  async settle(
    id: number,
    result: Pick<DisbursalAccountRow, 'validationStatus' | 'validatedAt'> &
      Partial<Pick<DisbursalAccountRow, 'registeredName' | 'nameMatchScore' | 'gatewayAccountId'>>,
    tx: Db = this.db,
  ): Promise<DisbursalAccountRow | null> {
    const [row] = await tx
      .update(disbursalAccounts)
      .set(result)
      .where(and(eq(disbursalAccounts.id, id), eq(disbursalAccounts.validationStatus, 'pending')))
      .returning();
    return row ?? null;
  }
}
