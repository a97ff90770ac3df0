import { Market, OrderStatus, ResultCode } from '@kilat/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';
import { payoffOf } from '../../test/payoff.js';

const t = useTestApp();

interface Session {
  sessionId: string;
  deviceId: string;
  userId: string;
  orders: { orderId: string; productId: string; status: number }[];
}

const freshBorrower = async (market: Market): Promise<Session> =>
  (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` })).json();
const ofStatus = (session: Session, status: number) => session.orders.find((entry) => entry.status === status)!;
const outstandingOf = async (orderId: string) => {
  const order = (await t.app.orders.repository.findById(Number(orderId)))!;
  return (await t.app.orders.withStatus(order)).facts.position.outstandingMinor;
};
const form = (url: string) =>
  t.app.inject({ method: 'POST', url, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const resultOf = (session: Session | undefined, body: Record<string, string>) => call(t.app, 'paymentResult', { session, body });

/** Starts a hosted checkout of `amount` and answers its payment id and page address. */
const checkout = async (session: Session, orderId: string, amount: number) => {
  const started = await call(t.app, 'repaymentCheckout', { session, body: { orderId, amount: String(amount) } });
  expect(started.statusCode, started.body).toBe(200);
  const url: string = started.json().data.url;
  const gatewayRef = url.split('/').pop()!;
  const [payment] = await t.database.db.select({ publicId: payments.publicId }).from(payments).where(eq(payments.gatewayRef, gatewayRef));
  return { url, paymentId: payment!.publicId };
};

describe('payment-result (decision 050)', () => {
  it('says pending before the webhook, then paid with the amount, the order number and what remains', async () => {
    const session = await freshBorrower(Market.India);
    const order = ofStatus(session, OrderStatus.DueSoon);
    const owed = await outstandingOf(order.orderId);
    const part = Math.floor(owed / 2);
    // in the due window: closing the loan costs interest to today, and half of it paid pays interest to today first (issue 30)
    const payoff = await payoffOf(t, order.orderId);
    const { url, paymentId } = await checkout(session, order.orderId, part);

    const pending = await resultOf(session, { orderId: order.orderId, paymentId });
    expect(pending.statusCode, pending.body).toBe(200);
    expect(pending.json().data).toMatchObject({
      paymentId,
      outcome: 'pending',
      method: 'checkout',
      purpose: 'repay',
      amount: part,
      settled: 0,
    });

    await form(`${url}/pay`);
    const paid = (await resultOf(session, { orderId: order.orderId, paymentId })).json().data;
    expect(paid).toMatchObject({ outcome: 'paid', amount: part, remainingAmount: payoff - part, settled: 0, newDueDate: '' });
    expect(paid.orderNo).toMatch(/\S/);
    // date and time joined by a no-break space (decision 055)
    expect(paid.time).toMatch(/^\d{4}-\d{2}-\d{2}\u00a0\d{2}:\d{2}:\d{2}$/);
  });

  it('says failed after a cancelled checkout, the debt unchanged; settled once everything is paid', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const order = ofStatus(session, OrderStatus.DueSoon);
    // everything: closing the loan costs interest to today (DESIGN §4), and that is what is still owed
    // today in its due window — the amount the instalments page asks for all its periods together
    const payoff = await payoffOf(t, order.orderId);
    const cancelled = await checkout(session, order.orderId, payoff);
    await form(`${cancelled.url}/cancel`);
    expect((await resultOf(session, { orderId: order.orderId, paymentId: cancelled.paymentId })).json().data).toMatchObject({
      outcome: 'failed',
      remainingAmount: payoff,
      settled: 0,
    });

    const whole = await checkout(session, order.orderId, payoff);
    await form(`${whole.url}/pay`);
    expect((await resultOf(session, { orderId: order.orderId, paymentId: whole.paymentId })).json().data).toMatchObject({
      outcome: 'paid',
      remainingAmount: 0,
      settled: 1,
    });
  });

  it("refuses no session, another borrower's order, a payment of another order and a malformed id", async () => {
    const session = await freshBorrower(Market.India);
    const order = ofStatus(session, OrderStatus.DueSoon);
    const { paymentId } = await checkout(session, order.orderId, 100);

    const anonymous = await resultOf(undefined, { orderId: order.orderId, paymentId });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(ResultCode.Unauthenticated);

    const stranger = await freshBorrower(Market.India);
    const foreign = await resultOf(stranger, { orderId: order.orderId, paymentId });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: ResultCode.Forbidden, data: null });

    // the stranger's own order with this borrower's payment: not found, nothing about it told
    const strangersOrder = ofStatus(stranger, OrderStatus.DueSoon);
    const crossed = await resultOf(stranger, { orderId: strangersOrder.orderId, paymentId });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json()).toMatchObject({ code: ResultCode.NotFound, data: null });

    const otherOrder = session.orders.find((entry) => entry.orderId !== order.orderId)!;
    expect((await resultOf(session, { orderId: otherOrder.orderId, paymentId })).statusCode).toBe(404);

    const malformed = await resultOf(session, { orderId: order.orderId, paymentId: 'RP1' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(ResultCode.InvalidRequest);
  });
});
