/** Where identity checks are kept (migration 0027): one current row per borrower, replaced rows kept as the record of each attempt. */
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { borrowers } from '../../db/schema.js';
import { type IdentityCheckRow, identityChecks, type NewIdentityCheckRow } from './table.js';

export class IdentityRepository {
  constructor(private readonly db: Db) {}

  /** the borrower's current check (not replaced), whatever its outcome */
  async current(borrowerId: number, tx: Db = this.db): Promise<IdentityCheckRow | null> {
    const [row] = await tx
      .select()
      .from(identityChecks)
      .where(and(eq(identityChecks.borrowerId, borrowerId), isNull(identityChecks.replacedAt)))
      .limit(1);
    return row ?? null;
  }

  /** every check of the borrower, newest first (operators and tests) */
  async all(borrowerId: number, tx: Db = this.db): Promise<IdentityCheckRow[]> {
    return tx.select().from(identityChecks).where(eq(identityChecks.borrowerId, borrowerId)).orderBy(desc(identityChecks.id));
  }

  async insert(row: NewIdentityCheckRow, tx: Db = this.db): Promise<IdentityCheckRow> {
    const [inserted] = await tx.insert(identityChecks).values(row).returning();
    return inserted!;
  }

  async replace(id: number, at: Date, tx: Db = this.db): Promise<void> {
    await tx.update(identityChecks).set({ replacedAt: at }).where(eq(identityChecks.id, id));
  }

  /** the provider's later answer, written only while the check still waits (a concurrent answer wins once) */
  async settle(id: number, from: IdentityCheckRow['status'], change: Partial<NewIdentityCheckRow>, tx: Db = this.db) {
    const [row] = await tx
      .update(identityChecks)
      .set(change)
      .where(and(eq(identityChecks.id, id), eq(identityChecks.status, from)))
      .returning();
    return row ?? null;
  }

  /** the name and the birth date the borrower gave on their application ('' before one), which the identity form starts from (issue 48) */
  async applicant(borrowerId: number, tx: Db = this.db): Promise<{ name: string; birthDate: string }> {
    const [row] = await tx
      .select({ name: borrowers.name, birthDate: borrowers.statedBirthDate })
      .from(borrowers)
      .where(eq(borrowers.id, borrowerId))
      .limit(1);
    return { name: row?.name ?? '', birthDate: row?.birthDate ?? '' };
  }

  /** the document's name becomes the borrower's (issue 29) */
  async nameBorrower(borrowerId: number, name: string, tx: Db = this.db): Promise<void> {
    await tx.update(borrowers).set({ name }).where(eq(borrowers.id, borrowerId));
  }
}
