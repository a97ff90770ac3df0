/**
 * Operators see the money going out (issue 28 item 6, decisions 142-143): each order's latest payout
 * attempt by state, the order's payout timeline (every attempt with its key, gateway id, state
 * changes, failure reason and UTR), retry and cancel-loan, and the reconciliation's mismatches
 * resolved with a note. The payouts module decides what an action may do; this desk reads, calls it
 * and writes the audit row in the same transaction.
 */
import { formatMoney, type Market } from '@kilat/contract';
import type { PayoutListItem, PayoutListState, PayoutMismatchView, PayoutTimeline } from '@kilat/contract/console';
import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/errors.js';
import { borrowers, disbursalAccounts, operators, orders, payoutMismatches, payoutStateChanges, payouts } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import { cancelDecision } from '../../payouts/actions.js';
import { PayoutActionRefused, type PayoutsService } from '../../payouts/service.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { Actor } from '../shared/session.js';
import { operatorView } from '../shared/session.js';

export const PAYOUTS_PAGE_SIZE = 50;

const newer = alias(payouts, 'newer');
const previous = alias(payouts, 'previous');

/** The screen's states over the attempt's own status: a payout the gateway holds with a reason (low balance) is waiting, not processing. */
const stateWhere: Record<PayoutListState, SQL> = {
  waiting: or(eq(payouts.status, 'queued'), and(eq(payouts.status, 'processing'), isNotNull(payouts.failureReason)))!,
  processing: and(eq(payouts.status, 'processing'), isNull(payouts.failureReason))!,
  failed: inArray(payouts.status, ['failed', 'cancelled']),
  reversed: eq(payouts.status, 'reversed'),
  succeeded: eq(payouts.status, 'processed'),
};

const stateOf = (row: { status: string; failureReason: string | null }): PayoutListState => {
  if (row.status === 'queued' || (row.status === 'processing' && row.failureReason !== null)) return 'waiting';
  if (row.status === 'processing') return 'processing';
  if (row.status === 'processed') return 'succeeded';
  if (row.status === 'reversed') return 'reversed';
  return 'failed';
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const money = (minor: number | null, market: Market) => (minor === null ? null : formatMoney(minor, market));

export class PayoutsDesk {
  constructor(
    private readonly db: Db,
    private readonly payouts: PayoutsService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Each order's latest attempt, most recently changed first. */
  async list(filter: { state?: PayoutListState | undefined; market?: Market | undefined; page: number }) {
    const conditions: SQL[] = [
      sql`NOT ${exists(
        this.db
          .select({ one: sql`1` })
          .from(newer)
          .where(and(eq(newer.orderId, payouts.orderId), gt(newer.attempt, payouts.attempt))),
      )}`,
    ];
    if (filter.state) conditions.push(stateWhere[filter.state]);
    if (filter.market) conditions.push(eq(payouts.market, filter.market));
    const where = and(...conditions);
    const [rows, totals] = await Promise.all([
      this.db
        .select({
          payout: payouts,
          orderNo: orders.orderNo,
          cancelledAt: orders.cancelledAt,
          borrowerName: borrowers.name,
          last4: disbursalAccounts.last4,
          bankName: disbursalAccounts.bankName,
          previousReason: previous.failureReason,
        })
        .from(payouts)
        .innerJoin(orders, eq(orders.id, payouts.orderId))
        .innerJoin(borrowers, eq(borrowers.id, payouts.borrowerId))
        .innerJoin(disbursalAccounts, eq(disbursalAccounts.id, payouts.disbursalAccountId))
        .leftJoin(previous, and(eq(previous.orderId, payouts.orderId), eq(previous.attempt, sql`${payouts.attempt} - 1`)))
        .where(where)
        .orderBy(desc(payouts.updatedAt), desc(payouts.id))
        .limit(PAYOUTS_PAGE_SIZE)
        .offset((filter.page - 1) * PAYOUTS_PAGE_SIZE),
      this.db.select({ n: count() }).from(payouts).where(where),
    ]);
    const items: PayoutListItem[] = rows.map(({ payout, orderNo, cancelledAt, borrowerName, last4, bankName, previousReason }) => ({
      orderId: payout.orderId,
      orderNo,
      market: payout.market,
      borrowerName,
      amount: formatMoney(payout.amountMinor, payout.market),
      attempt: payout.attempt,
      gateway: payout.gateway,
      state: stateOf(payout),
      status: payout.status,
      accountEnding: last4,
      bankName,
      failureCode: payout.failureCode,
      // a retry waiting out its wait shows why the attempt before it failed
      failureReason:
        payout.failureReason ??
        (payout.status === 'queued' && previousReason ? `attempt ${payout.attempt - 1} failed: ${previousReason}` : null),
      retryable: payout.retryable,
      utr: payout.utr,
      nextTryAt: payout.status === 'queued' || payout.status === 'processing' ? payout.nextTryAt.toISOString() : null,
      updatedAt: payout.updatedAt.toISOString(),
      loanCancelled: cancelledAt !== null,
    }));
    return { items, total: Number(totals[0]?.n ?? 0), page: filter.page, pageSize: PAYOUTS_PAGE_SIZE };
  }

  /** The order's attempts, oldest first, each with the states it passed through; and what retry and cancel-loan would do now. */
  async timeline(orderId: number, db: Db = this.db): Promise<PayoutTimeline> {
    const [head] = await db
      .select({ order: orders, borrowerName: borrowers.name })
      .from(orders)
      .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
      .where(eq(orders.id, orderId));
    if (!head) throw ConsoleError.notFound();
    const { order } = head;
    const attempts = await db
      .select({ payout: payouts, last4: disbursalAccounts.last4, bankName: disbursalAccounts.bankName })
      .from(payouts)
      .innerJoin(disbursalAccounts, eq(disbursalAccounts.id, payouts.disbursalAccountId))
      .where(eq(payouts.orderId, orderId))
      .orderBy(asc(payouts.attempt));
    if (attempts.length === 0) throw ConsoleError.notFound();
    const changes = await db
      .select()
      .from(payoutStateChanges)
      .where(
        inArray(
          payoutStateChanges.payoutId,
          attempts.map((row) => row.payout.id),
        ),
      )
      .orderBy(asc(payoutStateChanges.id));
    const latest = attempts.at(-1)!.payout;
    const now = this.clock.now();
    const retry = await this.payouts.retryDecisionOf(db, order, latest, now);
    const cancel = cancelDecision(order, latest, now, 'operator');
    return {
      orderId: order.id,
      orderNo: order.orderNo,
      market: order.market,
      borrowerName: head.borrowerName,
      amount: formatMoney(order.principalMinor, order.market),
      disbursedAt: iso(order.disbursedAt),
      cancelledAt: iso(order.cancelledAt),
      attempts: attempts.map(({ payout, last4, bankName }) => ({
        attempt: payout.attempt,
        reference: payout.publicId,
        idempotencyKey: payout.idempotencyKey,
        gateway: payout.gateway,
        gatewayPayoutId: payout.gatewayPayoutId,
        accountEnding: last4,
        bankName,
        amount: formatMoney(payout.amountMinor, payout.market),
        status: payout.status,
        utr: payout.utr,
        failureCode: payout.failureCode,
        failureReason: payout.failureReason,
        retryable: payout.retryable,
        tries: payout.tries,
        nextTryAt: payout.status === 'queued' || payout.status === 'processing' ? payout.nextTryAt.toISOString() : null,
        changes: changes
          .filter((change) => change.payoutId === payout.id)
          .map((change) => ({
            status: change.status,
            at: change.at.toISOString(),
            gatewayPayoutId: change.gatewayPayoutId,
            utr: change.utr,
            failureCode: change.failureCode,
            failureReason: change.failureReason,
            retryable: change.retryable,
          })),
      })),
      retry: { allowed: retry.kind !== 'refused', explanation: retry.explanation },
      cancelLoan: { allowed: cancel.kind !== 'refused', explanation: cancel.explanation },
    };
  }

  async retry(actor: Actor, orderId: number, reason: string): Promise<PayoutTimeline> {
    return this.act(actor, orderId, reason, 'payout.retry', (tx, now) => this.payouts.retryByOperator(tx, orderId, now));
  }

  async cancelLoan(actor: Actor, orderId: number, reason: string): Promise<PayoutTimeline> {
    return this.act(actor, orderId, reason, 'payout.cancel-loan', (tx, now) => this.payouts.cancelByOperator(tx, orderId, now));
  }

  /** The action and its audit row in one transaction; a refusal writes neither. */
  private async act(
    actor: Actor,
    orderId: number,
    reason: string,
    action: string,
    run: (tx: Db, now: Date) => Promise<{ before: object; after: object } | PayoutActionRefused>,
  ): Promise<PayoutTimeline> {
    const now = this.clock.now();
    try {
      await this.db.transaction(async (tx) => {
        const done = await run(tx, now);
        if (done instanceof PayoutActionRefused)
          throw done.kind === 'notFound' ? ConsoleError.notFound() : ConsoleError.conflict(done.explanation);
        await this.audit.append(tx, {
          operatorId: actor.operator.id,
          action,
          targetType: 'order',
          targetId: orderId,
          before: done.before,
          after: { ...done.after, reason },
          requestId: actor.requestId,
        });
      });
    } catch (error) {
      // the payout job queued the same attempt for the borrower's new account a moment before
      if (isUniqueViolation(error))
        throw ConsoleError.conflict('Another attempt was queued at the same moment: look at the timeline again.');
      throw error;
    }
    return this.timeline(orderId);
  }

  /** The reconciliation's mismatches: unresolved first, newest first. */
  async mismatches(page: number) {
    const [rows, totals, open] = await Promise.all([
      this.db
        .select({
          mismatch: payoutMismatches,
          operator: { id: operators.id, email: operators.email, name: operators.name, role: operators.role },
        })
        .from(payoutMismatches)
        .leftJoin(operators, eq(operators.id, payoutMismatches.resolvedBy))
        .orderBy(sql`(${payoutMismatches.resolvedAt} IS NOT NULL)`, desc(payoutMismatches.foundAt), desc(payoutMismatches.id))
        .limit(PAYOUTS_PAGE_SIZE)
        .offset((page - 1) * PAYOUTS_PAGE_SIZE),
      this.db.select({ n: count() }).from(payoutMismatches),
      this.db.select({ n: count() }).from(payoutMismatches).where(isNull(payoutMismatches.resolvedAt)),
    ]);
    return {
      items: rows.map(({ mismatch, operator }) => mismatchView(mismatch, operator?.id ? operator : null)),
      total: Number(totals[0]?.n ?? 0),
      unresolved: Number(open[0]?.n ?? 0),
      page,
      pageSize: PAYOUTS_PAGE_SIZE,
    };
  }

  /** Resolved once, with the operator's note, audited in the same transaction. */
  async resolveMismatch(actor: Actor, id: number, note: string): Promise<PayoutMismatchView> {
    const now = this.clock.now();
    const resolved = await this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(payoutMismatches).where(eq(payoutMismatches.id, id)).for('update');
      if (!row) throw ConsoleError.notFound();
      if (row.resolvedAt !== null) throw ConsoleError.conflict('This mismatch is already resolved.');
      const [updated] = await tx
        .update(payoutMismatches)
        .set({ resolvedAt: now, resolvedBy: actor.operator.id, resolutionNote: note })
        .where(eq(payoutMismatches.id, id))
        .returning();
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'payout-mismatch.resolve',
        targetType: 'payout-mismatch',
        targetId: id,
        before: { resolvedAt: null },
        after: { resolvedAt: now, note },
        requestId: actor.requestId,
      });
      return updated!;
    });
    return mismatchView(resolved, actor.operator);
  }
}

const mismatchView = (
  row: typeof payoutMismatches.$inferSelect,
  resolver: Parameters<typeof operatorView>[0] | null,
): PayoutMismatchView => ({
  id: row.id,
  market: row.market,
  gateway: row.gateway,
  businessDate: row.businessDate,
  kind: row.kind,
  movement: row.movement,
  gatewayPayoutId: row.gatewayPayoutId,
  reference: row.reference,
  ledgerAmount: money(row.ledgerAmountMinor, row.market),
  gatewayAmount: money(row.gatewayAmountMinor, row.market),
  foundAt: row.foundAt.toISOString(),
  resolvedAt: iso(row.resolvedAt),
  resolvedBy: resolver ? operatorView(resolver) : null,
  resolutionNote: row.resolutionNote,
});
