/**
 * Issue 17: India's cooling-off exit (RBI digital lending directions). Within the period the key
 * fact statement states, the borrower leaves the loan by repaying the principal and the
 * proportionate APR, with no penalty; loan details show it; the rest is waived in the same
 * transaction. Indonesia has none.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.js';
import { addDays, businessDateAt } from '../../lending/business-date.js';
import { call, useTestApp } from '../../test/app.js';
import { cardFlow, TestCards } from '../../test/card-flow.js';
import { makeOrder } from '../../test/factories.js';

const t = useTestApp();

const details = (session: { sessionId: string; deviceId: string; market: Market }, order: { id: number; productId: number }) =>
  call(t.app, 'loanDetails', {
    session,
    query: { market: session.market },
    body: { orderId: String(order.id), productId: String(order.productId) },
  });

/** A fresh borrower of `market` with an order paid out `days` ago. */
const paidOutDaysAgo = async (market: Market, days: number) => {
  const flow = cardFlow(t);
  const borrower = await flow.freshBorrower(market);
  const order = await makeOrder(t, { market, borrowerId: Number(borrower.userId), status: OrderStatus.Disbursed, disbursedDaysAgo: days });
  return { flow, borrower, order, ids: { orderId: String(order.id), productId: String(order.productId) } };
};

const waiversOf = (orderId: number) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, orderId), eq(ledgerEntries.kind, 'cost_waiver')));

describe('cooling-off exit', () => {
  it('states the period in the key fact statement of loan confirm (India only)', async () => {
    const { borrower } = await paidOutDaysAgo(Market.India, 1);
    const confirm = await call(t.app, 'loanConfirm', {
      session: borrower,
      query: { market: Market.India },
      body: { productId: borrower.productId },
    });
    expect(confirm.json().data.keyFacts.fees).toContainEqual({
      text: 'Cooling-off period',
      value: '3 days after the money is paid out: exit by repaying the principal and the proportionate APR, with no penalty',
    });
  });

  it('shows loan details of a loan paid out yesterday its last day and what exiting costs today', async () => {
    const { borrower, order } = await paidOutDaysAgo(Market.India, 1);
    const data = (await details(borrower, order)).json().data;
    const lastDay = addDays(businessDateAt(order.disbursedAt!, Market.India), 3);
    expect(data.coolingOff.lastDay).toBe(lastDay);
    expect(data.coolingOff.exitMinor).toBeGreaterThan(order.principalMinor);
    const rows = data.userOrderDetail.detail as { text: string; value: string }[];
    expect(rows).toContainEqual({ text: 'Exit without penalty until', value: lastDay });
    expect(rows.map((row) => row.text)).toContain('To exit the loan today');
  });

  it('closes the loan when the exit amount is paid by card: no penalty, the rest of the cost waived in one row', async () => {
    const { flow, borrower, order, ids } = await paidOutDaysAgo(Market.India, 2);
    const exitMinor = (await details(borrower, order)).json().data.coolingOff.exitMinor as number;
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const way = await flow.openPayment(borrower, { orderId: ids.orderId });
    expect(way.amount).toBe(exitMinor);
    const paid = await flow.commit(borrower, { orderId: ids.orderId, amount: exitMinor, cardId, repayToken: way.repayToken });
    expect(paid.json().code).toBe('00');
    expect(await flow.loanStatus(borrower, ids)).toBe(OrderStatus.ClosedEarly);
    const [period] = await t.app.orders.repository.periodsOf(order.id);
    const [waiver, ...more] = await waiversOf(order.id);
    expect(more).toHaveLength(0);
    expect(waiver!.amountMinor).toBe(period!.principalMinor + period!.interestMinor + period!.feeMinor - exitMinor);
    expect((await details(borrower, order)).json().data.coolingOff).toBeUndefined();
  });

  it('refuses an amount above what is due today that is not the exit amount, naming the exit amount, and stores nothing', async () => {
    const { flow, borrower, order, ids } = await paidOutDaysAgo(Market.India, 1);
    const exitMinor = (await details(borrower, order)).json().data.coolingOff.exitMinor as number;
    const partial = await flow.repaymentWay(borrower, { orderId: ids.orderId, amount: String(exitMinor - 100) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toMatch(/^To exit the loan in the cooling-off period, repay exactly ₹/);
    expect(await flow.repaymentRows(ids.orderId)).toHaveLength(0);
    expect(await waiversOf(order.id)).toHaveLength(0);
  });

  it('takes one exit when it is paid twice at once', async () => {
    const { flow, borrower, order, ids } = await paidOutDaysAgo(Market.India, 1);
    const exitMinor = (await details(borrower, order)).json().data.coolingOff.exitMinor as number;
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const first = await flow.openPayment(borrower, { orderId: ids.orderId });
    const second = await flow.openPayment(borrower, { orderId: ids.orderId });
    const answers = await Promise.all(
      [first, second].map((way) => flow.commit(borrower, { orderId: ids.orderId, amount: exitMinor, cardId, repayToken: way.repayToken })),
    );
    expect(answers.filter((answer) => answer.json().code === '00')).toHaveLength(1);
    expect(await flow.repaymentRows(ids.orderId)).toHaveLength(1);
    expect(await waiversOf(order.id)).toHaveLength(1);
  });

  it('is gone the day after the period: repaying is refused until prepayment opens', async () => {
    const { flow, borrower, order, ids } = await paidOutDaysAgo(Market.India, 4);
    expect((await details(borrower, order)).json().data.coolingOff).toBeUndefined();
    const way = await flow.repaymentWay(borrower, { orderId: ids.orderId });
    expect(way.statusCode).toBe(409);
    expect(way.json().message).toMatch(/^Early repayment is possible from/);
  });

  it('does not exist in Indonesia', async () => {
    const { borrower, order } = await paidOutDaysAgo(Market.Indonesia, 1);
    expect((await details(borrower, order)).json().data.coolingOff).toBeUndefined();
  });

  it("refuses loan details of another borrower's order in its cooling-off period", async () => {
    const { order } = await paidOutDaysAgo(Market.India, 1);
    const stranger = await cardFlow(t).freshBorrower(Market.India);
    expect((await details(stranger, order)).statusCode).toBe(403);
  });
});
