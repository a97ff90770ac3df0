/**
 * The maker-checker machinery of order actions (decisions 157, 163, 164): one operator asks with a
 * reason; when a second operator must approve, the request waits in `order_approvals` and another
 * operator (never the maker: the service refuses it and a CHECK in the database too) approves or
 * rejects it once (a conditional update, so two checkers cannot both post it). Penalty waivers,
 * write-offs and refunds each bring their posting; every step is audited in its transaction.
 */
import { formatMoney, type Market } from '@kilat/contract';
import type { WaiverView } from '@kilat/contract/console';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { type Order, type OrderApprovalKind, orderApprovals, orders } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import type { MoneyControls } from '../../money-controls/service.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import { decideOnce, refuseMaker } from '../shared/four-eyes.js';
import type { OperatorsRepository } from '../shared/operators-repository.js';
import type { Actor } from '../shared/session.js';

export type ApprovalRow = typeof orderApprovals.$inferSelect;

/** How each kind names itself in the audit log (`<name>.request|approve|reject`) and in a refusal. */
const NAMES: Record<OrderApprovalKind, { action: string; words: string }> = {
  penalty_waiver: { action: 'penalty-waiver', words: 'waiver' },
  write_off: { action: 'write-off', words: 'write-off' },
  refund: { action: 'refund', words: 'refund' },
  offline_repayment: { action: 'offline-repayment', words: 'offline repayment' },
  reversal: { action: 'reversal', words: 'reversal' },
};

/** What an approved request posts, in the approval's transaction; what it answers goes to the audit row. */
export type PostApproved = (tx: Db, row: ApprovalRow, order: Order, operatorId: number) => Promise<Record<string, unknown> | undefined>;

export class OrderApprovals {
  constructor(
    private readonly db: Db,
    private readonly operators: OperatorsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly controls: Pick<MoneyControls, 'breach'>,
  ) {}

  /** An order's requests of one kind, oldest first, with who asked and who decided. */
  async ofOrder(orderId: number, kind: OrderApprovalKind): Promise<WaiverView[]> {
    const [rows, people, [order]] = await Promise.all([
      this.db
        .select()
        .from(orderApprovals)
        .where(and(eq(orderApprovals.orderId, orderId), eq(orderApprovals.kind, kind)))
        .orderBy(orderApprovals.requestedAt, orderApprovals.id),
      this.operators.list(),
      this.db.select({ market: orders.market }).from(orders).where(eq(orders.id, orderId)),
    ]);
    const nameOf = (id: number) => people.find((operator) => operator.id === id)?.name ?? `operator ${id}`;
    const market: Market = order?.market ?? 'IN';
    return rows.map((row) => ({
      id: row.id,
      amount: formatMoney(row.amountMinor, market),
      amountMinor: row.amountMinor,
      reason: row.reason,
      decisionReason: row.decisionReason,
      status: row.status,
      requestedBy: { id: row.requestedBy, name: nameOf(row.requestedBy) },
      decidedBy: row.decidedBy === null ? null : { id: row.decidedBy, name: nameOf(row.decidedBy) },
      requestedAt: row.requestedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    }));
  }

  /**
   * The maker's request, in the caller's transaction: approved at once (`immediate`, posted by the
   * caller's `post`) or waiting for a checker. Audited as `<kind>.request`.
   */
  async ask(
    tx: Db,
    actor: Actor,
    input: {
      kind: OrderApprovalKind;
      order: Order;
      amountMinor: number;
      reason: string;
      immediate: boolean;
      post: PostApproved;
      details?: Record<string, unknown>;
    },
  ): Promise<ApprovalRow> {
    const now = this.clock.now();
    // the control matrix (decision 232): at once only while today's sums on the order and by the operator stay within it
    const breach =
      input.immediate && input.kind !== 'refund' && input.kind !== 'reversal'
        ? await this.controls.breach(tx, {
            market: input.order.market,
            action: input.kind,
            orderId: input.order.id,
            operatorId: actor.operator.id,
            amountMinor: input.amountMinor,
          })
        : null;
    const immediate = input.immediate && breach === null;
    const [row] = await tx
      .insert(orderApprovals)
      .values({
        kind: input.kind,
        orderId: input.order.id,
        amountMinor: input.amountMinor,
        reason: input.reason,
        status: immediate ? 'approved' : 'pending',
        requestedBy: actor.operator.id,
        requestedAt: now,
        decidedAt: immediate ? now : null,
        details: input.details ?? {},
      })
      .returning();
    const posted = immediate ? await input.post(tx, row!, input.order, actor.operator.id) : undefined;
    await this.audit.append(tx, {
      operatorId: actor.operator.id,
      action: `${NAMES[input.kind].action}.request`,
      targetType: 'order',
      targetId: input.order.id,
      after: {
        approvalId: row!.id,
        amountMinor: input.amountMinor,
        reason: input.reason,
        needsApproval: !immediate,
        ...(breach ? { secondPersonBecause: breach } : {}),
        ...input.details,
        ...posted,
      },
      requestId: actor.requestId,
    });
    return row!;
  }

  /** The checker's decision on a pending request of this kind: another operator than the maker, posted in the same transaction. */
  async decide(
    actor: Actor,
    id: number,
    kind: OrderApprovalKind,
    approve: boolean,
    post: PostApproved,
    onReject?: (tx: Db, row: ApprovalRow) => Promise<void>,
    /** the checker's own reason, kept on the request and its audit row (decision 277) */
    reason?: string,
  ): Promise<ApprovalRow> {
    const [request] = await this.db
      .select()
      .from(orderApprovals)
      .where(and(eq(orderApprovals.id, id), eq(orderApprovals.kind, kind)))
      .limit(1);
    if (!request) throw ConsoleError.notFound();
    const { words } = NAMES[kind];
    refuseMaker(request, actor, words);
    const now = this.clock.now();
    return this.db.transaction(async (tx) => {
      // the order first, as every writer of an order's ledger locks it
      const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for('update');
      if (!order) throw ConsoleError.notFound();
      // decided once: two checkers racing cannot both post it
      const once = await decideOnce(tx, orderApprovals, id, approve, actor, now, words);
      const decided = reason
        ? ((await tx.update(orderApprovals).set({ decisionReason: reason }).where(eq(orderApprovals.id, id)).returning())[0] ?? once)
        : once;
      const posted = approve ? await post(tx, decided, order, actor.operator.id) : undefined;
      if (!approve) await onReject?.(tx, decided);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: `${NAMES[kind].action}.${approve ? 'approve' : 'reject'}`,
        targetType: 'order',
        targetId: request.orderId,
        before: { status: 'pending', requestedBy: request.requestedBy },
        after: { approvalId: id, amountMinor: request.amountMinor, status: decided.status, checkerReason: reason ?? null, ...posted },
        requestId: actor.requestId,
      });
      return decided;
    });
  }
}
