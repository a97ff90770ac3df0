/**
 * Penalty waivers with maker-checker (issue 31 item 2, decision 157): an operator asks for a waiver
 * of an order's penalties with a reason; at or under the market's configured amount it is posted at
 * once, above it another operator approves (never the one who asked). The ledger module posts it;
 * every step is audited in the transaction of its change.
 */
import { formatMoney, type Market } from '@kilat/contract';
import type { WaiverView } from '@kilat/contract/console';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type Order, orders, penaltyWaivers } from '../../db/schema.js';
import type { Clock } from '../../lending/clock.js';
import { postPenaltyWaiver } from '../ledger/posting.js';
import type { OrdersService } from '../orders/service.js';
import type { AuditLog } from './audit.js';
import { ConsoleError } from './console-error.js';
import type { Actor } from './desk-service.js';
import { decideOnce, refuseMaker } from './four-eyes.js';
import type { OperatorsRepository } from './operators-repository.js';

type WaiverRow = typeof penaltyWaivers.$inferSelect;

export class PenaltyWaivers {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly operators: OperatorsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    private readonly approvalAboveMinor: Record<Market, number>,
  ) {}

  async ofOrder(orderId: number): Promise<WaiverView[]> {
    const [rows, people] = await Promise.all([
      this.db
        .select()
        .from(penaltyWaivers)
        .where(eq(penaltyWaivers.orderId, orderId))
        .orderBy(penaltyWaivers.requestedAt, penaltyWaivers.id),
      this.operators.list(),
    ]);
    const [order] = await this.db.select({ market: orders.market }).from(orders).where(eq(orders.id, orderId));
    const nameOf = (id: number | null) => (id === null ? '' : (people.find((operator) => operator.id === id)?.name ?? `operator ${id}`));
    return rows.map((row) => ({
      id: row.id,
      amount: formatMoney(row.amountMinor, order?.market ?? 'IN'),
      amountMinor: row.amountMinor,
      reason: row.reason,
      status: row.status,
      requestedBy: { id: row.requestedBy, name: nameOf(row.requestedBy) },
      decidedBy: row.decidedBy === null ? null : { id: row.decidedBy, name: nameOf(row.decidedBy) },
      requestedAt: row.requestedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    }));
  }

  /** The maker's request: at most the penalties owed today; posted at once when small enough, else waiting for a checker. */
  async request(
    actor: Actor,
    orderId: number,
    input: { amountMinor: number; reason: string },
  ): Promise<{ id: number; status: WaiverRow['status'] }> {
    const order = await this.order(orderId);
    const state = await this.orders.withStatus(order);
    if (input.amountMinor > state.replay.penaltyOwedMinor) {
      throw ConsoleError.invalid(
        `amountMinor (at most the penalties owed today, ${formatMoney(state.replay.penaltyOwedMinor, order.market)})`,
      );
    }
    const now = this.clock.now();
    const immediate = input.amountMinor <= this.approvalAboveMinor[order.market];
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(penaltyWaivers)
        .values({
          orderId,
          amountMinor: input.amountMinor,
          reason: input.reason,
          status: immediate ? 'approved' : 'pending',
          requestedBy: actor.operator.id,
          requestedAt: now,
          decidedAt: immediate ? now : null,
        })
        .returning();
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'penalty-waiver.request',
        targetType: 'order',
        targetId: orderId,
        after: { waiverId: row!.id, amountMinor: input.amountMinor, reason: input.reason, needsApproval: !immediate },
        requestId: actor.requestId,
      });
      if (immediate) await this.post(tx, row!, order, actor.operator.id);
      return { id: row!.id, status: row!.status };
    });
  }

  /** The checker's decision: another operator than the maker, on a pending request, posted in the same transaction. */
  async decide(actor: Actor, waiverId: number, approve: boolean): Promise<void> {
    const [waiver] = await this.db.select().from(penaltyWaivers).where(eq(penaltyWaivers.id, waiverId)).limit(1);
    if (!waiver) throw ConsoleError.notFound();
    refuseMaker(waiver, actor, 'waiver');
    const order = await this.order(waiver.orderId);
    const now = this.clock.now();
    await this.db.transaction(async (tx) => {
      // decided once: two checkers racing cannot both post it
      const decided = await decideOnce(tx, penaltyWaivers, waiverId, approve, actor, now, 'waiver');
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: approve ? 'penalty-waiver.approve' : 'penalty-waiver.reject',
        targetType: 'order',
        targetId: waiver.orderId,
        before: { status: 'pending', requestedBy: waiver.requestedBy },
        after: { waiverId, amountMinor: waiver.amountMinor, status: decided.status },
        requestId: actor.requestId,
      });
      if (approve) await this.post(tx, decided, order, actor.operator.id);
    });
  }

  private async order(orderId: number): Promise<Order> {
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!order) throw ConsoleError.notFound();
    return order;
  }

  /** Posted as it stands today: never more than the penalties still owed (a repayment may have paid some meanwhile). */
  private async post(tx: Db, waiver: WaiverRow, order: Order, operatorId: number): Promise<void> {
    const state = await this.orders.withStatus(order, tx);
    const amountMinor = Math.min(waiver.amountMinor, state.replay.penaltyOwedMinor);
    if (amountMinor <= 0) throw ConsoleError.conflict('No penalty is owed any more: nothing to waive.');
    await postPenaltyWaiver(tx, {
      id: waiver.id,
      orderId: order.id,
      amountMinor,
      businessDate: this.clock.today(order.market),
      operatorId,
    });
  }
}
