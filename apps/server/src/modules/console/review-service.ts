/**
 * The risk role's review queue (issue 29 item 4, decision 148): applications the decision engine
 * sent to a person, oldest deadline first, each with its rule results and the disbursal account's
 * validation; a risk operator approves (the payout is queued as at submit) or rejects with a reason
 * the borrower is told in plain words. Each decision is audited in its own transaction.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { borrowers, disbursalAccounts, type Order, orderRuleResults, orders } from '../../db/schema.js';
import { addDays } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { recordMessage } from '../messages/repository.js';
import type { AuditLog } from './audit.js';
import { ConsoleError } from './console-error.js';
import type { Actor } from './desk-service.js';

/** What the review needs of the loans module: the approval's message and payout, as submit writes them. */
export interface ReviewApprovals {
  approve(
    tx: Db,
    order: Pick<Order, 'id' | 'borrowerId' | 'orderNo' | 'market' | 'principalMinor'>,
    accountId: number,
    at: Date,
  ): Promise<void>;
}

/** The reason a borrower reads for a rejection made by a person (decision 148) */
export const MANUAL_REVIEW_RULE = 'manualReview';
const REAPPLY_AFTER_REVIEW_DAYS = 30;

export class ReviewService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    private readonly approvals: ReviewApprovals,
  ) {}

  /** Applications waiting for review, the nearest deadline first. */
  async queue() {
    const waiting = await this.db
      .select({ order: orders, borrowerName: borrowers.name, employment: borrowers.employment })
      .from(orders)
      .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
      .where(and(isNull(orders.decision), isNotNull(orders.reviewDueAt), isNull(orders.withdrawnAt), isNull(orders.cancelledAt)))
      .orderBy(asc(orders.reviewDueAt), asc(orders.id))
      .limit(100);
    if (waiting.length === 0) return { list: [] };
    const ids = waiting.map((row) => row.order.id);
    const results = await this.db.select().from(orderRuleResults).where(inArray(orderRuleResults.orderId, ids));
    const accounts = await this.db
      .select()
      .from(disbursalAccounts)
      .where(
        and(
          inArray(
            disbursalAccounts.borrowerId,
            waiting.map((row) => row.order.borrowerId),
          ),
          isNull(disbursalAccounts.replacedAt),
        ),
      );
    const now = this.clock.now().getTime();
    return {
      list: waiting.map(({ order, borrowerName, employment }) => {
        const account = accounts.find((row) => row.borrowerId === order.borrowerId) ?? null;
        return {
          orderId: String(order.id),
          orderNo: order.orderNo,
          market: order.market,
          borrowerName,
          employment,
          principalMinor: order.principalMinor,
          termDays: order.termDays,
          appliedAt: order.appliedAt.toISOString(),
          reviewDueAt: order.reviewDueAt!.toISOString(),
          overdue: order.reviewDueAt!.getTime() < now,
          rules: results
            .filter((row) => row.orderId === order.id)
            .map((row) => ({ rule: row.rule, outcome: row.outcome, detail: row.detail })),
          account: account && {
            bankName: account.bankName,
            last4: account.last4,
            holderName: account.holderName,
            registeredName: account.registeredName,
            validationStatus: account.validationStatus,
            nameMatchScore: account.nameMatchScore,
          },
        };
      }),
    };
  }

  /** Approves or rejects one waiting application; a second decision finds it decided (409). */
  async decide(actor: Actor, orderId: number, input: { outcome: 'approve' | 'reject'; reason: string }) {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw ConsoleError.notFound();
      if (order.decision !== null || order.reviewDueAt === null || order.withdrawnAt !== null || order.cancelledAt !== null) {
        throw ConsoleError.conflict('This application is not waiting for review any more.');
      }
      const before = { decision: null, reviewDueAt: order.reviewDueAt.toISOString() };
      let after: Record<string, unknown>;
      if (input.outcome === 'approve') {
        const [account] = await tx
          .select()
          .from(disbursalAccounts)
          .where(and(eq(disbursalAccounts.borrowerId, order.borrowerId), isNull(disbursalAccounts.replacedAt)))
          .limit(1);
        if (!account) throw ConsoleError.conflict('The borrower has no disbursal account to send the loan to.');
        await tx.update(orders).set({ decision: 'approved', decidedAt: now }).where(eq(orders.id, order.id));
        await this.approvals.approve(tx, order, account.id, now);
        after = { decision: 'approved' };
      } else {
        const reapplyOn = addDays(this.clock.today(order.market), REAPPLY_AFTER_REVIEW_DAYS);
        await tx
          .update(orders)
          .set({ decision: 'rejected', decidedAt: now, decisionReason: MANUAL_REVIEW_RULE, reapplyOn })
          .where(eq(orders.id, order.id));
        const params = { orderNo: order.orderNo, date: reapplyOn, reason: MANUAL_REVIEW_RULE };
        await recordMessage(tx, {
          borrowerId: order.borrowerId,
          orderId: order.id,
          kind: 'rejected',
          params,
          idempotencyKey: `rejected:${order.id}`,
          shownAt: now,
        });
        after = { decision: 'rejected', reapplyOn };
      }
      await tx.insert(orderRuleResults).values({
        orderId: order.id,
        rule: MANUAL_REVIEW_RULE,
        outcome: input.outcome === 'approve' ? 'pass' : 'fail',
        detail: { operatorId: actor.operator.id, reason: input.reason },
        decidedAt: now,
      });
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: `review.${input.outcome}`,
        targetType: 'order',
        targetId: order.id,
        before,
        after: { ...after, reason: input.reason },
        requestId: actor.requestId,
      });
    });
    return { orderId: String(orderId), outcome: input.outcome };
  }
}
