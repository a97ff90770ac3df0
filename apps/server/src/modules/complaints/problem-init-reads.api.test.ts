/**
 * Issue 15: problem-init near the floor. A call reads the stamps of the borrower's orders (one
 * prepared statement) and sends the answer it computed before while none of them, the business
 * date, the language or the selection changed (decision 115); the types and the session come from
 * memory (decision 100). Then each change the answer depends on is seen.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { call, statementsDuring, useTestApp } from '../../test/app.js';
import { cardFlow, type FreshBorrower } from '../../test/card-flow.js';

const t = useTestApp();
const flow = () => cardFlow(t);
const DAY_MS = 86_400_000;

const init = (borrower: FreshBorrower, body: Record<string, string> = {}, cookie?: string) =>
  call(t.app, 'problemInit', {
    session: borrower,
    query: { market: borrower.market },
    body,
    ...(cookie ? { headers: { cookie } } : {}),
  });

const dataOf = async (borrower: FreshBorrower, body: Record<string, string> = {}, cookie?: string) => {
  const response = await init(borrower, body, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('problem-init reads', () => {
  it('reads only the orders’ stamps once the answer is computed, and answers the same', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const first = await init(borrower);
    expect(first.statusCode, first.body).toBe(200);
    let again: Awaited<ReturnType<typeof init>> | undefined;
    const sent = await statementsDuring(t.database, async () => {
      again = await init(borrower);
    });
    expect(sent).toBe(1);
    expect(again!.body).toBe(first.body);
  });

  it('shows a change to one of the orders at once', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const order = flow().orderIn(borrower, OrderStatus.DueSoon);
    const body = { orderId: order.orderId };
    const before = (await dataOf(borrower, body)).orderDetail.isShow as number;
    await t.database.db
      .update(orders)
      .set({ isShow: 1 - before })
      .where(eq(orders.id, Number(order.orderId)));
    expect((await dataOf(borrower, body)).orderDetail.isShow).toBe(1 - before);
  });

  it('keeps one answer per selection and per language', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const [first, second] = borrower.orders;
    expect((await dataOf(borrower, { orderId: first!.orderId })).orderDetail.orderNo).toBe(first!.orderNo);
    expect((await dataOf(borrower, { orderId: second!.orderId })).orderDetail.orderNo).toBe(second!.orderNo);
    expect((await dataOf(borrower, { orderNo: second!.orderNo })).orderDetail.orderNo).toBe(second!.orderNo);
    const titles = async (cookie?: string) => (await dataOf(borrower, {}, cookie)).problemStatus.map((tab: { title: string }) => tab.title);
    expect(await titles()).toContain(enIN.complaintTabProcessing);
    expect(await titles('kilat_lang=id-ID')).toContain(idID.complaintTabProcessing);
    expect(await titles()).toContain(enIN.complaintTabProcessing);
  });

  it('computes the answer again on a new business date: the due loan turns overdue', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const order = flow().orderIn(borrower, OrderStatus.DueSoon);
    const statusNow = async () => (await dataOf(borrower, { orderId: order.orderId })).orderDetail.status;
    expect(await statusNow()).toBe(OrderStatus.DueSoon);
    t.clock.advance(4 * DAY_MS);
    try {
      expect(await statusNow()).toBe(OrderStatus.Overdue);
    } finally {
      t.clock.advance(-4 * DAY_MS);
    }
  });

  it("answers another borrower's order with 403 and a missing one with 404, also once an answer is kept", async () => {
    const india = await flow().freshBorrower(Market.India);
    const other = await flow().freshBorrower(Market.India);
    await dataOf(india);
    await dataOf(other, { orderId: other.orders[0]!.orderId });
    expect((await init(india, { orderId: other.orders[0]!.orderId })).statusCode).toBe(403);
    expect((await init(india, { orderNo: other.orders[0]!.orderNo })).statusCode).toBe(403);
    expect((await init(india, { orderId: '999999999' })).statusCode).toBe(404);
  });
});
