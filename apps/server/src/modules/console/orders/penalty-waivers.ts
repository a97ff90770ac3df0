/**
 * Penalty waivers with maker-checker (issue 31 item 2, decision 157): an operator asks for a waiver
 * of an order's penalties with a reason; at or under the market's configured amount it is posted at
 * once, above it another operator approves (never the one who asked) through the order approvals'
 * machinery (order-approvals.ts). The ledger module posts it; every step is audited in the
 * transaction of its change.
 */
import { formatMoney } from '@kilat/contract';
import type { WaiverView } from '@kilat/contract/console';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { type Order, orders } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import { postPenaltyWaiver } from '../../ledger/posting.js';
import type { OrdersService } from '../../orders/service.js';
import { ConsoleError } from '../shared/console-error.js';
import type { Actor } from '../shared/session.js';
import type { ApprovalRow, OrderApprovals } from './order-approvals.js';

export class PenaltyWaivers {
  constructor(
    private readonly db: Db,
    private readonly orders: OrdersService,
    private readonly approvals: OrderApprovals,
    private readonly clock: Clock,
  ) {}

  ofOrder(orderId: number): Promise<WaiverView[]> {
    return this.approvals.ofOrder(orderId, 'penalty_waiver');
  }

  /** The maker's request: at most the penalties owed today; posted at once when small enough, else waiting for a checker. */
  async request(
    actor: Actor,
    orderId: number,
    input: { amountMinor: number; reason: string },
  ): Promise<{ id: number; status: ApprovalRow['status'] }> {
    return this.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!order) throw ConsoleError.notFound();
      const state = await this.orders.withStatus(order, tx);
      if (input.amountMinor > state.replay.penaltyOwedMinor) {
        throw ConsoleError.invalid(
          `amountMinor (at most the penalties owed today, ${formatMoney(state.replay.penaltyOwedMinor, order.market)})`,
        );
      }
      const row = await this.approvals.ask(tx, actor, {
        kind: 'penalty_waiver',
        order,
        amountMinor: input.amountMinor,
        reason: input.reason,
        // at once while the control matrix's sums allow it (decision 232)
        immediate: true,
        post: this.post,
      });
      return { id: row.id, status: row.status };
    });
  }

  /** The checker's decision: another operator than the maker, on a pending request, posted in the same transaction. */
  async decide(actor: Actor, waiverId: number, approve: boolean, reason?: string): Promise<void> {
    await this.approvals.decide(actor, waiverId, 'penalty_waiver', approve, this.post, undefined, reason);
  }

  /** Posted as it stands today: never more than the penalties still owed (a repayment may have paid some meanwhile). */
  private readonly post = async (tx: Db, waiver: ApprovalRow, order: Order, operatorId: number) => {
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
    return { postedMinor: amountMinor };
  };
}
