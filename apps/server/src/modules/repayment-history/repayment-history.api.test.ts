import { Market, OrderStatus, ResultCode } from '@kilat/contract';
import type { RepaymentReceipt, RepaymentRecord } from '@kilat/contract/schemas';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';

const t = useTestApp();

interface Session {
  sessionId: string;
  deviceId: string;
  orders: { orderId: string; productId: string; orderNo: string; status: number }[];
}

const freshBorrower = async (market: Market): Promise<Session> =>
  (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` })).json();
const ofStatus = (session: Session, status: number) => session.orders.find((entry) => entry.status === status)!;
const replayOf = async (orderId: string) => {
  const order = (await t.app.orders.repository.findById(Number(orderId)))!;
  return (await t.app.orders.withStatus(order)).replay;
};
const form = (url: string) =>
  t.app.inject({ method: 'POST', url, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

/** Pays `amount` on the hosted checkout (or cancels it) and answers the payment's public id. */
const payByCheckout = async (
  session: Session,
  orderId: string,
  amount: number,
  options: { purpose?: 'repay' | 'delay'; outcome?: 'pay' | 'cancel' | 'leave' } = {},
) => {
  const body = { orderId, amount: String(amount), purpose: options.purpose ?? 'repay' };
  const started = await call(t.app, 'repaymentCheckout', { session, body });
  expect(started.statusCode, started.body).toBe(200);
  const url: string = started.json().data.url;
  const [payment] = await t.database.db
    .select({ publicId: payments.publicId })
    .from(payments)
    .where(eq(payments.gatewayRef, url.split('/').pop()!));
  if ((options.outcome ?? 'pay') !== 'leave') await form(`${url}/${options.outcome ?? 'pay'}`);
  return payment!.publicId;
};

const history = (session: Session | undefined, market: Market, body: Record<string, string> = {}) =>
  call(t.app, 'repaymentHistory', { session, query: { market }, body });
const receipt = (session: Session | undefined, market: Market, paymentId: string) =>
  call(t.app, 'repaymentReceipt', { session, query: { market }, body: { paymentId } });
const listOf = async (session: Session, market: Market, body: Record<string, string> = {}): Promise<RepaymentRecord[]> => {
  const response = await history(session, market, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.list;
};

describe('repayment history and receipts (issue 17)', () => {
  it('shows a repayment of an overdue loan split across penalty, fee, interest and principal, as the ledger replay allocated it', async () => {
    const session = await freshBorrower(Market.India);
    const order = ofStatus(session, OrderStatus.Overdue);
    const before = await replayOf(order.orderId);
    expect(before.penaltyOwedMinor).toBeGreaterThan(0);
    const paymentId = await payByCheckout(session, order.orderId, before.outstandingMinor - 100);

    const after = await replayOf(order.orderId);
    const posted = after.allocations.at(-1)!;
    const byComponent = (component: string) =>
      posted.lines.filter((line) => line.component === component).reduce((total, line) => total + line.amountMinor, 0);
    const [record] = await listOf(session, Market.India);
    expect(record).toMatchObject({
      paymentId,
      orderId: order.orderId,
      orderNo: order.orderNo,
      purpose: 'repay',
      method: 'checkout',
      amount: before.outstandingMinor - 100,
    });
    expect(record!.productName).not.toBe('');
    expect(record!.paidAt).toMatch(/^\d{4}-\d{2}-\d{2}\u00a0\d{2}:\d{2}:\d{2}$/);
    expect(record!.allocation.map((line) => line.component)).toEqual(['penalty', 'fee', 'interest', 'principal']);
    for (const line of record!.allocation) expect(line.amount).toBe(byComponent(line.component));
    expect(record!.allocation.reduce((total, line) => total + line.amount, 0)).toBe(record!.amount);

    const shown: RepaymentReceipt = (await receipt(session, Market.India, paymentId)).json().data;
    expect(shown).toMatchObject({ ...record, methodDetail: '', remainingAfter: 100, extensionDays: 0 });
  });

  it('lists an extension fee with the whole amount as the extension fee and the days it moved the due date', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const order = ofStatus(session, OrderStatus.DueSoon);
    const body = { orderId: order.orderId, productId: order.productId };
    const offer = (await call(t.app, 'delayDetail', { session, query: { market: Market.Indonesia }, body })).json().data;
    const owedBefore = (await replayOf(order.orderId)).outstandingMinor;
    const paymentId = await payByCheckout(session, order.orderId, offer.delayShouldPayAmount, { purpose: 'delay' });

    const shown: RepaymentReceipt = (await receipt(session, Market.Indonesia, paymentId)).json().data;
    expect(shown).toMatchObject({
      paymentId,
      purpose: 'delay',
      amount: offer.delayShouldPayAmount,
      allocation: [{ component: 'extensionFee', amount: offer.delayShouldPayAmount }],
      remainingAfter: owedBefore,
    });
    expect(shown.extensionDays).toBeGreaterThan(0);
  });

  it('lists only paid payments, newest first, and one order’s with its id; a pending or failed one has no receipt', async () => {
    const session = await freshBorrower(Market.India);
    const dueSoon = ofStatus(session, OrderStatus.DueSoon);
    const disbursed = ofStatus(session, OrderStatus.Disbursed);
    const first = await payByCheckout(session, dueSoon.orderId, 10_000);
    const second = await payByCheckout(session, disbursed.orderId, 20_000);
    const failed = await payByCheckout(session, dueSoon.orderId, 30_000, { outcome: 'cancel' });
    const pending = await payByCheckout(session, dueSoon.orderId, 40_000, { outcome: 'leave' });

    expect((await listOf(session, Market.India)).map((record) => record.paymentId)).toEqual([second, first]);
    expect((await listOf(session, Market.India, { orderId: dueSoon.orderId })).map((record) => record.paymentId)).toEqual([first]);
    for (const paymentId of [failed, pending]) {
      const refused = await receipt(session, Market.India, paymentId);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: ResultCode.NotFound, message: enIN.notFound, data: null });
    }
  });

  it('answers an empty list to a borrower who has repaid nothing through Kilat', async () => {
    const session = await freshBorrower(Market.Indonesia);
    expect(await listOf(session, Market.Indonesia)).toEqual([]);
  });

  it("refuses another borrower's order and payment without telling anything about them", async () => {
    const owner = await freshBorrower(Market.India);
    const order = ofStatus(owner, OrderStatus.DueSoon);
    const paymentId = await payByCheckout(owner, order.orderId, 10_000);
    const stranger = await freshBorrower(Market.India);

    const foreignOrder = await history(stranger, Market.India, { orderId: order.orderId });
    expect(foreignOrder.statusCode).toBe(403);
    expect(foreignOrder.json()).toEqual({ code: ResultCode.Forbidden, message: enIN.forbidden, data: null });
    // another borrower's payment reads exactly like one that does not exist
    const foreignPayment = await receipt(stranger, Market.India, paymentId);
    const unknown = await receipt(stranger, Market.India, 'RPAAAAAAAAAAAAAAAAAAAA');
    expect(foreignPayment.statusCode).toBe(404);
    expect(foreignPayment.json()).toEqual(unknown.json());
    expect(await listOf(stranger, Market.India)).toEqual([]);
  });

  it('refuses bad input with the field in the borrower’s language and an unknown order as not found', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const malformed = await receipt(session, Market.Indonesia, 'RP1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe(ResultCode.InvalidRequest);
    expect(malformed.json().message).toBe(idID.invalidRequest.replace('{fields}', 'paymentId'));
    const tooLong = await history(session, Market.Indonesia, { orderId: '9'.repeat(65) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe(ResultCode.InvalidRequest);
    const unknown = await history(session, Market.Indonesia, { orderId: 'not-an-order' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(idID.notFound);
  });

  it('refuses both calls without a session with 401 in the market language', async () => {
    const none = await history(undefined, Market.Indonesia);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: ResultCode.Unauthenticated, message: idID.unauthenticated, data: null });
    const noReceipt = await receipt(undefined, Market.India, 'RPAAAAAAAAAAAAAAAAAAAA');
    expect(noReceipt.statusCode).toBe(401);
    expect(noReceipt.json().message).toBe(enIN.unauthenticated);
  });

  it('answers two calls at once alike and changes nothing', async () => {
    const session = await freshBorrower(Market.India);
    const order = ofStatus(session, OrderStatus.DueSoon);
    const paymentId = await payByCheckout(session, order.orderId, 10_000);
    const ledgerBefore = (await replayOf(order.orderId)).repaidMinor;
    const [a, b] = await Promise.all([history(session, Market.India), history(session, Market.India)]);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    const [c, d] = await Promise.all([receipt(session, Market.India, paymentId), receipt(session, Market.India, paymentId)]);
    expect(c.statusCode).toBe(200);
    expect(c.json()).toEqual(d.json());
    expect((await replayOf(order.orderId)).repaidMinor).toBe(ledgerBefore);
  });
});
