/**
 * Decision 170: Kilat lends no more to a borrower whose loan it wrote off (decision 163). A write-off
 * is a credit loss Kilat chose to bear; offering the same borrower a new loan would invite the next
 * one. Loan details of a written-off loan offer no 'loan more' and no rating, and every way into a
 * new loan (the application, loan confirm, the submit) is refused with `loanRefusedWrittenOff`, in
 * the borrower's language, before anything is stored. The ledger's `write_off` row is the one fact.
 */
import { ResultCode } from '@kilat/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ledgerEntries, orders } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';

/** Whether any loan of the borrower was written off. */
export const hasWrittenOffLoan = async (db: Db, borrowerId: number): Promise<boolean> => {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(ledgerEntries)
    .innerJoin(orders, eq(orders.id, ledgerEntries.orderId))
    .where(and(eq(orders.borrowerId, borrowerId), eq(ledgerEntries.kind, 'write_off')))
    .limit(1);
  return row !== undefined;
};

/** The refusal of a new loan to a borrower with a written-off loan (both packs: `loanRefusedWrittenOff`). */
export const refuseIfWrittenOff = async (db: Db, borrowerId: number): Promise<void> => {
  if (await hasWrittenOffLoan(db, borrowerId)) throw new AppError(ResultCode.InvalidRequest, 'loanRefusedWrittenOff', 422);
};
