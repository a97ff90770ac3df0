/**
 * Migration 0016 (decision 115): an order's revision moves with every change its views are
 * computed from — its own row, its schedule, its ledger, its rating — whoever writes it, and a
 * statement that writes rows of several orders moves each of them.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { postLedgerEntry } from '../modules/ledger/repository.js';
import { call, useTestApp } from '../test/app.js';
import { cardFlow } from '../test/card-flow.js';
import { ledgerEntries, orderPeriods, orderScores, orders } from './schema.js';

const t = useTestApp();

const revisionOf = async (orderId: number) => {
  const [row] = await t.database.db.select({ revision: orders.revision }).from(orders).where(eq(orders.id, orderId));
  return row!.revision;
};

/** The revision before and after `change`: it must have moved. */
const moves = async (orderId: number, change: () => Promise<unknown>) => {
  const before = await revisionOf(orderId);
  await change();
  expect(await revisionOf(orderId)).toBeGreaterThan(before);
};

const freshOrder = async (status: OrderStatus) => {
  const borrower = await cardFlow(t).freshBorrower(Market.India);
  return Number(cardFlow(t).orderIn(borrower, status).orderId);
};

describe("an order's revision", () => {
  it('moves when the order row changes', async () => {
    const orderId = await freshOrder(OrderStatus.DueSoon);
    await moves(orderId, () => t.database.db.update(orders).set({ isShow: 1 }).where(eq(orders.id, orderId)));
  });

  it('moves when a ledger row is posted, changed or removed', async () => {
    const orderId = await freshOrder(OrderStatus.DueSoon);
    const posting = {
      orderId,
      kind: 'repayment' as const,
      amountMinor: 100,
      idempotencyKey: `test:revision:${orderId}`,
      businessDate: t.clock.today(Market.India),
    };
    await moves(orderId, () => postLedgerEntry(t.database.db, posting));
    const byKey = eq(ledgerEntries.idempotencyKey, posting.idempotencyKey);
    await moves(orderId, () => t.database.db.update(ledgerEntries).set({ amountMinor: 200 }).where(byKey));
    await moves(orderId, () => t.database.db.delete(ledgerEntries).where(byKey));
  });

  it('moves when its schedule changes', async () => {
    const orderId = await freshOrder(OrderStatus.DueSoon);
    await moves(orderId, () =>
      t.database.db
        .update(orderPeriods)
        .set({ dueDate: sql`${orderPeriods.dueDate} + 1` })
        .where(eq(orderPeriods.orderId, orderId)),
    );
  });

  it('moves when the borrower rates it', async () => {
    const borrower = await cardFlow(t).freshBorrower(Market.India);
    const settled = cardFlow(t).orderIn(borrower, OrderStatus.Settled);
    await moves(Number(settled.orderId), async () => {
      const rated = await call(t.app, 'storeScore', {
        session: borrower,
        body: { orderId: settled.orderId, productId: settled.productId, score: '5' },
      });
      expect(rated.statusCode, rated.body).toBe(200);
    });
    const [score] = await t.database.db
      .select()
      .from(orderScores)
      .where(eq(orderScores.orderId, Number(settled.orderId)));
    expect(score?.score).toBe(5);
  });

  it('moves every order a statement writes rows of, each once', async () => {
    const first = await freshOrder(OrderStatus.DueSoon);
    const second = await freshOrder(OrderStatus.DueSoon);
    const before = [await revisionOf(first), await revisionOf(second)];
    const today = t.clock.today(Market.India);
    await t.database.db.insert(ledgerEntries).values(
      [first, first, second].map((orderId, index) => ({
        orderId,
        kind: 'penalty' as const,
        amountMinor: 1,
        idempotencyKey: `test:revision-batch:${orderId}:${index}`,
        businessDate: today,
      })),
    );
    expect([await revisionOf(first), await revisionOf(second)]).toEqual([before[0]! + 1, before[1]! + 1]);
    await t.database.db.delete(ledgerEntries).where(inArray(ledgerEntries.orderId, [first, second]));
  });
});
