/**
 * Logout everywhere and account deletion (issue 17, decision 077). Deletion is refused while a
 * loan is open; otherwise the borrower can no longer log in (the phone is replaced by a tombstone,
 * the name cleared, every session ended) while orders and the ledger stay, as lending records must.
 */
import { OrderStatus, ResultCode } from '@kilat/contract';
import type { MyData } from '@kilat/contract/schemas';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { borrowers, orders, payments } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { SessionBorrower } from '../../http/session.js';
import type { Clock } from '../../lending/clock.js';
import type { SessionService } from '../auth/session-service.js';
import { identityChecks } from '../identity/table.js';
import { borrowerMessages } from '../messages/table.js';
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
    private readonly clock: Clock,
  ) {}

  /**
   * Everything kept about the borrower (issue 49 item 5, decision 225): their profile, identity
   * checks, orders, payments and messages, read by their own id alone. Secrets stay out: the sealed
   * PAN/NIK (its last four is theirs), the provider's and upload references, repay-token hashes,
   * payment codes and card ids.
   */
  async myData(borrowerId: number): Promise<MyData> {
    const [[profile], checks, orderRows, paymentRows, messageRows] = await Promise.all([
      this.db.select().from(borrowers).where(eq(borrowers.id, borrowerId)),
      this.db
        .select({
          documentKind: identityChecks.documentKind,
          status: identityChecks.status,
          failure: identityChecks.failure,
          givenName: identityChecks.givenName,
          givenBirthDate: identityChecks.givenBirthDate,
          documentName: identityChecks.documentName,
          documentBirthDate: identityChecks.documentBirthDate,
          numberLast4: identityChecks.numberLast4,
          aadhaarLast4: identityChecks.aadhaarLast4,
          createdAt: identityChecks.createdAt,
          decidedAt: identityChecks.decidedAt,
          replacedAt: identityChecks.replacedAt,
        })
        .from(identityChecks)
        .where(eq(identityChecks.borrowerId, borrowerId))
        .orderBy(identityChecks.id),
      this.db
        .select({
          orderNo: orders.orderNo,
          principalMinor: orders.principalMinor,
          termDays: orders.termDays,
          periods: orders.periods,
          appliedAt: orders.appliedAt,
          decision: orders.decision,
          decisionReason: orders.decisionReason,
          decidedAt: orders.decidedAt,
          disbursedAt: orders.disbursedAt,
          cancelledAt: orders.cancelledAt,
          withdrawnAt: orders.withdrawnAt,
          dueDate: orders.dueDate,
          closedOn: orders.closedOn,
        })
        .from(orders)
        .where(eq(orders.borrowerId, borrowerId))
        .orderBy(orders.id),
      this.db
        .select({
          paymentId: payments.publicId,
          orderNo: orders.orderNo,
          purpose: payments.purpose,
          method: payments.method,
          amountMinor: payments.amountMinor,
          status: payments.status,
          createdAt: payments.createdAt,
          paidAt: payments.paidAt,
        })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(eq(payments.borrowerId, borrowerId))
        .orderBy(payments.id),
      this.db
        .select({
          kind: borrowerMessages.kind,
          params: borrowerMessages.params,
          shownAt: borrowerMessages.shownAt,
          readAt: borrowerMessages.readAt,
        })
        .from(borrowerMessages)
        .where(eq(borrowerMessages.borrowerId, borrowerId))
        .orderBy(borrowerMessages.id),
    ]);
    if (!profile) throw AppError.notFound();
    const { id: _id, ...kept } = profile;
    return {
      exportedAt: this.clock.now().toISOString(),
      profile: kept,
      identityChecks: checks,
      orders: orderRows,
      payments: paymentRows,
      messages: messageRows,
    };
  }

  logoutEverywhere(borrower: SessionBorrower): Promise<number> {
    return this.sessions.revokeAllOf(borrower.market, borrower.phone);
  }

  /**
   * Refuses, with the open loan's number, while the borrower has a loan that is not closed: asked
   * before "Delete for good?" (issue 48), and again by `delete` under its lock.
   */
  async refuseWhileLoanOpen(borrower: SessionBorrower, tx: Db = this.db): Promise<void> {
    const states = await this.orders.states(await this.orders.repository.listByBorrower(borrower.id, tx), tx);
    const open = states.find((state) => !CLOSED.includes(state.status));
    if (open) throw new AppError(ResultCode.AccountHasOpenLoan, 'accountDeleteLoanOpen', 409, { orderNo: open.order.orderNo });
  }

  async delete(borrower: SessionBorrower): Promise<void> {
    await this.db.transaction(async (tx) => {
      // the submit of a loan locks the same row: a loan cannot start while its borrower is being deleted
      await tx.execute(sql`SELECT id FROM ${borrowers} WHERE ${borrowers.id} = ${borrower.id} FOR UPDATE`);
      await this.refuseWhileLoanOpen(borrower, tx);
      await tx
        .update(borrowers)
        .set({ phone: deletedPhone(borrower.id), name: '' })
        .where(eq(borrowers.id, borrower.id));
    });
    // after the commit: every session ends, here and (within the short session cache) elsewhere
    await this.sessions.revokeAllOf(borrower.market, deletedPhone(borrower.id));
  }
}
