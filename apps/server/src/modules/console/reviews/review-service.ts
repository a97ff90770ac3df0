/**
 * The risk role's review queue (issue 29 item 4, decision 148): applications the decision engine
 * sent to a person, oldest deadline first, each with its rule results and the disbursal account's
 * validation; a risk operator approves (the payout is queued as at submit) or rejects with a reason
 * the borrower is told in plain words. Each decision is audited in its own transaction.
 *
 * An approval that overrides the engine — any rule failed or asked for a person — is a rule exception
 * (decision 161): the maker's approval waits for a second risk operator, who confirms it (the payout
 * is queued then) or rejects the application; the maker never confirms their own (four-eyes.ts, as
 * penalty waivers). Past its deadline an application is escalated (decision 162): first in the queue,
 * marked, and counted.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { borrowers, disbursalAccounts, type Order, operators, orderRuleResults, orders, reviewApprovals } from '../../../db/schema.js';
import { addDays } from '../../../lending/business-date.js';
import type { Clock } from '../../../lending/clock.js';
import { recordMessage } from '../../messages/repository.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import { decideOnce, refuseMaker } from '../shared/four-eyes.js';
import { ruleResultView } from '../shared/rule-results.js';
import type { Actor } from '../shared/session.js';

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

/** The rules an approval overrides: those the engine did not pass (a person's own result is not one). */
export const exceptionsOf = (rules: readonly { rule: string; outcome: string }[]) =>
  rules.filter((row) => row.rule !== MANUAL_REVIEW_RULE && row.outcome !== 'pass').map(({ rule, outcome }) => ({ rule, outcome }));

type ApprovalRow = typeof reviewApprovals.$inferSelect;

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
    const pending = await this.db
      .select({ approval: reviewApprovals, makerName: operators.name })
      .from(reviewApprovals)
      .innerJoin(operators, eq(operators.id, reviewApprovals.requestedBy))
      .where(and(inArray(reviewApprovals.orderId, ids), eq(reviewApprovals.status, 'pending')));
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
    // nearest deadline first: those past it (escalated, decision 162) lead the queue
    return {
      escalated: waiting.filter(({ order }) => order.reviewDueAt!.getTime() < now).length,
      list: waiting.map(({ order, borrowerName, employment }) => {
        const account = accounts.find((row) => row.borrowerId === order.borrowerId) ?? null;
        const waitingApproval = pending.find((row) => row.approval.orderId === order.id) ?? null;
        return {
          orderId: String(order.id),
          orderNo: order.orderNo,
          market: order.market,
          borrowerId: order.borrowerId,
          borrowerName,
          employment,
          principalMinor: order.principalMinor,
          termDays: order.termDays,
          appliedAt: order.appliedAt.toISOString(),
          reviewDueAt: order.reviewDueAt!.toISOString(),
          overdue: order.reviewDueAt!.getTime() < now,
          approval: waitingApproval && {
            id: String(waitingApproval.approval.id),
            requestedBy: { id: waitingApproval.approval.requestedBy, name: waitingApproval.makerName },
            requestedAt: waitingApproval.approval.requestedAt.toISOString(),
            reason: waitingApproval.approval.reason,
            exceptions: waitingApproval.approval.exceptions,
          },
          rules: results.filter((row) => row.orderId === order.id).map((row) => ruleResultView(row, order.market)),
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

  /**
   * Approves or rejects one waiting application; a second decision finds it decided (409). An approval
   * overriding a rule waits for a second risk operator (`pending`); while it waits, the maker can do
   * nothing more on it and another risk operator confirms it (`confirm`) or rejects the application here.
   */
  async decide(
    actor: Actor,
    orderId: number,
    input: { outcome: 'approve' | 'reject'; reason: string },
  ): Promise<{ orderId: string; outcome: 'approve' | 'reject'; status: 'decided' | 'pending' }> {
    const now = this.clock.now();
    const status = await this.db.transaction(async (tx) => {
      const order = await this.waitingOrder(tx, orderId);
      const [waitingApproval] = await tx
        .select()
        .from(reviewApprovals)
        .where(and(eq(reviewApprovals.orderId, order.id), eq(reviewApprovals.status, 'pending')));
      if (waitingApproval) {
        refuseMaker(waitingApproval, actor, 'approval');
        if (input.outcome === 'approve') {
          throw ConsoleError.conflict('An approval of this application waits for a second risk operator: confirm it instead.');
        }
        // the checker rejects the application: the maker's approval is rejected with it
        await decideOnce(tx, reviewApprovals, waitingApproval.id, false, actor, now, 'approval');
      }
      if (input.outcome === 'approve') {
        const rules = await tx.select().from(orderRuleResults).where(eq(orderRuleResults.orderId, order.id));
        const exceptions = exceptionsOf(rules);
        if (exceptions.length > 0) {
          await this.askSecondApproval(tx, actor, order, exceptions, input.reason, now);
          return 'pending' as const;
        }
      }
      await this.record(tx, actor, order, input, now, waitingApproval ?? null);
      return 'decided' as const;
    });
    return { orderId: String(orderId), outcome: input.outcome, status };
  }

  /** A second risk operator confirms another's approval of a rule exception: the application is approved now. */
  async confirm(actor: Actor, orderId: number): Promise<{ orderId: string; outcome: 'approve'; status: 'decided' }> {
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      const order = await this.waitingOrder(tx, orderId);
      const [waitingApproval] = await tx
        .select()
        .from(reviewApprovals)
        .where(and(eq(reviewApprovals.orderId, order.id), eq(reviewApprovals.status, 'pending')));
      if (!waitingApproval) throw ConsoleError.conflict('No approval of this application waits for a second risk operator.');
      refuseMaker(waitingApproval, actor, 'approval');
      const confirmed = await decideOnce(tx, reviewApprovals, waitingApproval.id, true, actor, now, 'approval');
      await this.record(tx, actor, order, { outcome: 'approve', reason: confirmed.reason }, now, confirmed);
    });
    return { orderId: String(orderId), outcome: 'approve', status: 'decided' };
  }

  /** The order, locked, while it still waits for review. */
  private async waitingOrder(tx: Db, orderId: number): Promise<Order & { reviewDueAt: Date }> {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw ConsoleError.notFound();
    if (order.decision !== null || order.reviewDueAt === null || order.withdrawnAt !== null || order.cancelledAt !== null) {
      throw ConsoleError.conflict('This application is not waiting for review any more.');
    }
    return order as Order & { reviewDueAt: Date };
  }

  /** The maker's approval of a rule exception, waiting (one per application), audited. */
  private async askSecondApproval(
    tx: Db,
    actor: Actor,
    order: Order,
    exceptions: ReturnType<typeof exceptionsOf>,
    reason: string,
    now: Date,
  ): Promise<void> {
    const [row] = await tx
      .insert(reviewApprovals)
      .values({ orderId: order.id, reason, exceptions, status: 'pending', requestedBy: actor.operator.id, requestedAt: now })
      .returning();
    await this.audit.append(tx, {
      operatorId: actor.operator.id,
      action: 'review.approve-request',
      targetType: 'order',
      targetId: order.id,
      before: { decision: null },
      after: { approvalId: row!.id, exceptions, reason, needsApproval: true },
      requestId: actor.requestId,
    });
  }

  /** The decision itself: the order, the approval's payout or the rejection's message, the person's rule result, the audit row. */
  private async record(
    tx: Db,
    actor: Actor,
    order: Order & { reviewDueAt: Date },
    input: { outcome: 'approve' | 'reject'; reason: string },
    now: Date,
    approval: ApprovalRow | null,
  ): Promise<void> {
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
    // a confirmed exception names both people: who asked and who confirmed
    const people =
      approval && input.outcome === 'approve'
        ? { operatorId: approval.requestedBy, checkerId: actor.operator.id, exceptions: approval.exceptions }
        : { operatorId: actor.operator.id };
    await tx.insert(orderRuleResults).values({
      orderId: order.id,
      rule: MANUAL_REVIEW_RULE,
      outcome: input.outcome === 'approve' ? 'pass' : 'fail',
      detail: { ...people, reason: input.reason },
      decidedAt: now,
    });
    await this.audit.append(tx, {
      operatorId: actor.operator.id,
      action: `review.${input.outcome}`,
      targetType: 'order',
      targetId: order.id,
      before: approval ? { ...before, approvalId: approval.id, requestedBy: approval.requestedBy } : before,
      after: { ...after, reason: input.reason },
      requestId: actor.requestId,
    });
  }
}
