/**
 * Logout everywhere and account deletion (issue 17, decision 077). Deletion is refused while a
 * loan is open; otherwise the borrower can no longer log in (the phone is replaced by a tombstone,
 * the name cleared, every session ended) while orders and the ledger stay, as lending records must.
 */
import { OrderStatus, ResultCode } from '@kilat/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { borrowers } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { SessionBorrower } from '../../http/session.js';
import type { SessionService } from '../auth/session-service.js';
import type { OrdersService } from '../orders/service.js';

/** Loans that are history: nothing is owed and nothing is under way. */
const CLOSED: readonly OrderStatus[] = [OrderStatus.Rejected, OrderStatus.Settled, OrderStatus.ClosedEarly];

/** What a deleted borrower's phone becomes: unique, and never a phone anyone can log in with. */
export const deletedPhone = (borrowerId: number) => `deleted-${borrowerId}`;

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly sessions: SessionService,
  ) {}

  logoutEverywhere(borrower: SessionBorrower): Promise<number> {
    return this.sessions.revokeAllOf(borrower.market, borrower.phone);
  }

  async delete(borrower: SessionBorrower): Promise<void> {
    await this.db.transaction(async (tx) => {
      // the submit of a loan locks the same row: a loan cannot start while its borrower is being deleted
      await tx.execute(sql`SELECT id FROM ${borrowers} WHERE ${borrowers.id} = ${borrower.id} FOR UPDATE`);
      const states = await this.orders.states(await this.orders.repository.listByBorrower(borrower.id, tx), tx);
      const open = states.find((state) => !CLOSED.includes(state.status));
      if (open) throw new AppError(ResultCode.AccountHasOpenLoan, 'accountDeleteLoanOpen', 409, { orderNo: open.order.orderNo });
      await tx
        .update(borrowers)
        .set({ phone: deletedPhone(borrower.id), name: '' })
        .where(eq(borrowers.id, borrower.id));
    });
    // after the commit: every session ends, here and (within the short session cache) elsewhere
    await this.sessions.revokeAllOf(borrower.market, deletedPhone(borrower.id));
  }
}
