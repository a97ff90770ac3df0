/**
 * Development only (`POST /dev/orders/:id/age`): moves an order's whole timeline `days` into the
 * past — what the clock moving forward does to this one order, without moving it for anyone else.
 * It rewrites rows that production only ever appends (the ledger's dates and penalty keys), so it
 * lives here, in the dev module, and never in a production repository.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { ledgerEntries, orderPeriods, orders, payouts } from '../../db/schema.js';
import { penaltyKeySql, refreshLoanPositions } from '../ledger/repository.js';

export const shiftTimelineBack = async (tx: Db, orderId: number, days: number): Promise<void> => {
  const interval = sql`make_interval(days => ${days}::integer)`;
  await tx
    .update(orders)
    .set({
      appliedAt: sql`${orders.appliedAt} - ${interval}`,
      decidedAt: sql`${orders.decidedAt} - ${interval}`,
      reviewDueAt: sql`${orders.reviewDueAt} - ${interval}`,
      disbursedAt: sql`${orders.disbursedAt} - ${interval}`,
      dueDate: sql`${orders.dueDate} - ${days}::integer`,
      closedOn: sql`${orders.closedOn} - ${days}::integer`,
    })
    .where(eq(orders.id, orderId));
  await tx
    .update(orderPeriods)
    .set({ dueDate: sql`${orderPeriods.dueDate} - ${days}::integer` })
    .where(eq(orderPeriods.orderId, orderId));
  // its payouts' times too: a queued one is due as it would be by then, a landed one landed that much earlier
  await tx
    .update(payouts)
    .set({
      nextTryAt: sql`${payouts.nextTryAt} - ${interval}`,
      createdAt: sql`${payouts.createdAt} - ${interval}`,
      processedOn: sql`${payouts.processedOn} - ${days}::integer`,
      reversedOn: sql`${payouts.reversedOn} - ${days}::integer`,
    })
    .where(eq(payouts.orderId, orderId));
  // penalty keys name their day: moved in two steps so no key meets its neighbour's old one
  await tx
    .update(ledgerEntries)
    .set({
      businessDate: sql`${ledgerEntries.businessDate} - ${days}::integer`,
      idempotencyKey: sql`CASE WHEN ${ledgerEntries.kind} = 'penalty' THEN 'moving:' || ${ledgerEntries.id} ELSE ${ledgerEntries.idempotencyKey} END`,
    })
    .where(eq(ledgerEntries.orderId, orderId));
  await tx
    .update(ledgerEntries)
    .set({ idempotencyKey: penaltyKeySql(ledgerEntries.orderId, ledgerEntries.businessDate) })
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'penalty')));
  // its oldest unpaid due date moved with it: the position the dashboard reads follows (decision 235)
  await refreshLoanPositions(tx, [orderId]);
};
