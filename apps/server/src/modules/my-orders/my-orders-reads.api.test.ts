/**
 * Issue 33: my orders near the floor. A call reads the stamps of the borrower's orders (one
 * prepared statement) and sends the list it computed before while none of them and the business
 * date changed (decisions 115 and 179). Then each change the list depends on is seen at once.
 */
import { Market, OrderStatus } from '@kilat/contract';
import type { MyOrder } from '@kilat/contract/schemas';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { call, statementsDuring, useTestApp } from '../../test/app.js';
import { cardFlow, type FreshBorrower } from '../../test/card-flow.js';

const t = useTestApp();
const flow = () => cardFlow(t);
const DAY_MS = 86_400_000;

const myOrders = (borrower: FreshBorrower) => call(t.app, 'myOrders', { session: borrower, query: { market: borrower.market } });

const listOf = async (borrower: FreshBorrower): Promise<MyOrder[]> => {
  const response = await myOrders(borrower);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.list;
};

const entryOf = async (borrower: FreshBorrower, orderId: string) => (await listOf(borrower)).find((order) => order.orderId === orderId)!;

describe('my orders reads', () => {
  it('reads only the orders’ stamps once the list is computed, and answers the same', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const readsLedgers = (text: string) => text.includes('ledger_entries');
    let first: Awaited<ReturnType<typeof myOrders>> | undefined;
    expect(await statementsDuring(t.database, async () => (first = await myOrders(borrower)), readsLedgers)).toBe(1);
    expect(first!.statusCode, first!.body).toBe(200);
    let again: Awaited<ReturnType<typeof myOrders>> | undefined;
    const sent = await statementsDuring(t.database, async () => {
      again = await myOrders(borrower);
    });
    expect(sent).toBe(1);
    expect(await statementsDuring(t.database, () => myOrders(borrower), readsLedgers)).toBe(0);
    expect(again!.body).toBe(first!.body);
  });

  it('shows a repayment at once: the loan paid in full is closed and owes nothing', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const order = flow().orderIn(borrower, OrderStatus.DueSoon);
    const before = await entryOf(borrower, order.orderId);
    expect(before.orderStatus).toBe(OrderStatus.DueSoon);
    expect(before.amountDue).toBeGreaterThan(0);
    const { repaymentRecordId, code } = await flow().awaitingCode(borrower, order);
    const confirmed = await flow().confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId });
    expect(confirmed.json().code, confirmed.body).toBe('00');
    const after = await entryOf(borrower, order.orderId);
    expect(after.orderStatus).toBe(await flow().loanStatus(borrower, order));
    expect(after.orderStatus).not.toBe(OrderStatus.DueSoon);
    expect(after.amountDue).toBe(0);
  });

  it("shows a product's new name at once", async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const order = borrower.orders[0]!;
    const name = `Renamed ${order.orderId}`;
    const before = await entryOf(borrower, order.orderId);
    const rename = (to: string) =>
      t.database.db
        .update(products)
        .set({ name: to })
        .where(eq(products.id, Number(order.productId)));
    await rename(name);
    try {
      expect((await entryOf(borrower, order.orderId)).productName).toBe(name);
    } finally {
      await rename(before.productName);
    }
  });

  it('computes the list again on a new business date: the due loan turns overdue', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const order = flow().orderIn(borrower, OrderStatus.DueSoon);
    expect((await entryOf(borrower, order.orderId)).orderStatus).toBe(OrderStatus.DueSoon);
    t.clock.advance(4 * DAY_MS);
    try {
      expect((await entryOf(borrower, order.orderId)).orderStatus).toBe(OrderStatus.Overdue);
    } finally {
      t.clock.advance(-4 * DAY_MS);
    }
  });

  it("keeps each borrower's own list", async () => {
    const india = await flow().freshBorrower(Market.India);
    const other = await flow().freshBorrower(Market.India);
    const mine = (await listOf(india)).map((order) => order.orderId).sort();
    const theirs = (await listOf(other)).map((order) => order.orderId).sort();
    expect(mine).toEqual(india.orders.map((order) => order.orderId).sort());
    expect(theirs).toEqual(other.orders.map((order) => order.orderId).sort());
    expect((await listOf(india)).map((order) => order.orderId).sort()).toEqual(mine);
  });
});
