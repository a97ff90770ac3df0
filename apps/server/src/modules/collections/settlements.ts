/**
 * One-time settlement (issue 46 §3, decision 213): a supervisor offers to close a loan for less than
 * it owes if paid by a date. A discount above the market's share waits for a second operator, never
 * the maker (decision 157's four eyes: the service refuses the maker and a CHECK in the table does
 * too; the decision is one conditional update). Paid in time — repayments dated by then, any
 * channel, beyond what was repaid when it was offered — the rest is waived through the ledger module
 * (`settlement_waiver`) and the case closes as settled by agreement.
 */

import { formatMoney } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { orders } from '../../db/schema.js';
import { daysBetween } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { appendAudit } from '../audit/append.js';
import type { ClosureNotice } from '../ledger/closure-notice.js';
import { postSettlementWaiver } from '../ledger/posting.js';
import { amountOwedToday } from '../ledger/replay.js';
import type { OrdersService } from '../orders/service.js';
import { type Actor, CollectionsError } from './shared.js';
import { collectionCases, collectionSettings, settlements } from './tables.js';

export type SettlementRow = typeof settlements.$inferSelect;

export interface SettlementsDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  /** told when a settlement closes an order: the closure letter's SMS (issue 49) */
  closureNotice?: ClosureNotice;
}

const repaidBy = (allocations: readonly { businessDate: string; amountMinor: number }[], until: string) =>
  allocations
    .filter((allocation) => daysBetween(allocation.businessDate, until) >= 0)
    .reduce((sum, allocation) => sum + allocation.amountMinor, 0);

export class Settlements {
  constructor(private readonly deps: SettlementsDeps) {}

  async offer(actor: Actor, caseId: number, input: { amountMinor: number; validUntil: string; reason: string }) {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const [kase] = await tx.select().from(collectionCases).where(eq(collectionCases.id, caseId));
      if (!kase) throw CollectionsError.notFound();
      if (kase.closedOn) throw CollectionsError.conflict('This case is closed.');
      const [order] = await tx.select().from(orders).where(eq(orders.id, kase.orderId)).for('update');
      const state = await this.deps.orders.withStatus(order!, tx);
      const today = clock.today(kase.market);
      const owed = amountOwedToday(order!, state.replay, today).totalMinor;
      if (input.amountMinor >= owed)
        throw CollectionsError.invalid(`amountMinor (less than what is owed today, ${formatMoney(owed, kase.market)})`);
      const days = daysBetween(today, input.validUntil);
      if (days < 0 || days > 30) throw CollectionsError.invalid('validUntil (from today to 30 days ahead)');
      const [settings] = await tx.select().from(collectionSettings).where(eq(collectionSettings.market, kase.market));
      const discountBps = Math.floor(((owed - input.amountMinor) * 10_000) / owed);
      const needsApproval = discountBps > (settings?.settlementApprovalAboveBps ?? 2000);
      const [row] = await tx
        .insert(settlements)
        .values({
          caseId,
          orderId: kase.orderId,
          amountMinor: input.amountMinor,
          owedMinor: owed,
          validUntil: input.validUntil,
          reason: input.reason,
          repaidBeforeMinor: repaidBy(state.replay.allocations, today),
          status: needsApproval ? 'pending' : 'offered',
          requestedBy: actor.operator.id,
          requestedAt: now,
          decidedAt: needsApproval ? null : now,
        })
        .returning();
      await appendAudit(
        tx,
        {
          operatorId: actor.operator.id,
          action: 'settlement.request',
          targetType: 'collection_case',
          targetId: caseId,
          after: {
            settlementId: row!.id,
            amountMinor: input.amountMinor,
            owedMinor: owed,
            discountBps,
            needsApproval,
            validUntil: input.validUntil,
          },
          requestId: actor.requestId,
        },
        now,
      );
      return { settlementId: row!.id, status: row!.status };
    });
  }

  /** The checker's decision: another operator than the maker, on a pending offer, once. */
  async decide(actor: Actor, settlementId: number, approve: boolean) {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const [request] = await tx.select().from(settlements).where(eq(settlements.id, settlementId));
      if (!request) throw CollectionsError.notFound();
      if (request.requestedBy === actor.operator.id) {
        throw CollectionsError.conflict('You asked for this settlement: another operator approves or rejects it.');
      }
      const [decided] = await tx
        .update(settlements)
        .set({ status: approve ? 'offered' : 'rejected', decidedBy: actor.operator.id, decidedAt: now })
        .where(and(eq(settlements.id, settlementId), eq(settlements.status, 'pending')))
        .returning();
      if (!decided) throw CollectionsError.conflict('This settlement was already decided.');
      await appendAudit(
        tx,
        {
          operatorId: actor.operator.id,
          action: `settlement.${approve ? 'approve' : 'reject'}`,
          targetType: 'collection_case',
          targetId: request.caseId,
          before: { status: 'pending', requestedBy: request.requestedBy },
          after: { settlementId, status: decided.status },
          requestId: actor.requestId,
        },
        now,
      );
      return { settlementId, status: decided.status };
    });
  }

  /** Every offered settlement of the market: paid in time, the rest waived and the order closed; past its date unpaid, expired. */
  async settleDue(market: 'IN' | 'ID'): Promise<{ settled: number; expired: number }> {
    const { db, clock } = this.deps;
    const today = clock.today(market);
    const offered = await db
      .select({ settlement: settlements })
      .from(settlements)
      .innerJoin(orders, eq(orders.id, settlements.orderId))
      .where(and(eq(settlements.status, 'offered'), eq(orders.market, market)));
    const result = { settled: 0, expired: 0 };
    for (const { settlement } of offered) {
      await db.transaction(async (tx) => {
        // the order first, as every writer of an order's ledger locks it
        const [order] = await tx.select().from(orders).where(eq(orders.id, settlement.orderId)).for('update');
        const state = await this.deps.orders.withStatus(order!, tx);
        const paid = repaidBy(state.replay.allocations, settlement.validUntil) - settlement.repaidBeforeMinor;
        if (paid >= settlement.amountMinor) {
          const { amountMinor } = await postSettlementWaiver(
            tx,
            clock,
            order!,
            {
              settlementId: settlement.id,
              operatorId: settlement.decidedBy ?? settlement.requestedBy,
            },
            this.deps.closureNotice,
          );
          await tx.update(settlements).set({ status: 'paid', waivedMinor: amountMinor }).where(eq(settlements.id, settlement.id));
          await appendAudit(
            tx,
            {
              operatorId: null,
              action: 'settlement.paid',
              targetType: 'collection_case',
              targetId: settlement.caseId,
              after: { settlementId: settlement.id, paidMinor: paid, waivedMinor: amountMinor },
              requestId: 'collections-daily',
            },
            clock.now(),
          );
          result.settled += 1;
        } else if (daysBetween(settlement.validUntil, today) > 0) {
          await tx.update(settlements).set({ status: 'expired' }).where(eq(settlements.id, settlement.id));
          result.expired += 1;
        }
      });
    }
    return result;
  }

  ofCase(caseId: number) {
    return this.deps.db.select().from(settlements).where(eq(settlements.caseId, caseId)).orderBy(settlements.id);
  }
}
