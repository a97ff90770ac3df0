/**
 * India's Pay by UPI (issue 51, decision 240) through the sandbox gateway: a single-use code for
 * exactly the amount, paid only by the signed webhook, posted once through the one waterfall, and
 * never for more than is owed.
 */
import { Limits, Market, OrderStatus, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, payments } from '../../db/schema.js';
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
const dueSoon = (session: Session) => session.orders.find((entry) => entry.status === OrderStatus.DueSoon)!;
const outstandingOf = async (orderId: string) => {
  const order = (await t.app.orders.repository.findById(Number(orderId)))!;
  return (await t.app.orders.withStatus(order)).facts.position.outstandingMinor;
};
const openUpi = (session: Session, orderId: string, amount: number, market = 'IN') =>
  call(t.app, 'upiPayment', { session, query: { market }, body: { orderId, amount: String(amount) } });
const resultOf = async (session: Session, orderId: string, paymentId: string) =>
  (await call(t.app, 'paymentResult', { session, body: { orderId, paymentId } })).json().data;
/** The sandbox's UPI app pays the code from a payer whose UPI ID decides the outcome (docs/sandboxes.md). */
const payFrom = (intentUrl: string, payer: string) =>
  t.app.inject({ method: 'POST', url: '/dev/payments/pay', payload: { vcode: intentUrl, payer } });
const postingsOf = async (orderId: string) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, Number(orderId)), eq(ledgerEntries.kind, 'repayment')));
const paymentRow = async (publicId: string) => (await t.database.db.select().from(payments).where(eq(payments.publicId, publicId)))[0]!;

describe('pay-by-upi (issue 51)', () => {
  it('opens a single-use UPI code for exactly the amount: an intent link with payee, amount and reference, its QR, expiring in 30 minutes', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoon(session);
    const amount = await payoffOf(t, order.orderId);
    const opened = await openUpi(session, order.orderId, amount);
    expect(opened.statusCode, opened.body).toBe(200);
    const data = opened.json().data;
    const intent = new URL(data.intentUrl);
    expect(intent.protocol).toBe('upi:');
    expect(intent.searchParams.get('am')).toBe((amount / 100).toFixed(2));
    expect(intent.searchParams.get('cu')).toBe('INR');
    expect(intent.searchParams.get('tr')).toBe(data.paymentId);
    expect(intent.searchParams.get('pa')).toMatch(/@/);
    expect(data.amount).toBe(amount);
    expect(data.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.qrImage.split(',')[1], 'base64').toString('utf8')).toContain('<svg');
    const row = await paymentRow(data.paymentId);
    expect(row).toMatchObject({ method: 'upi', status: 'submitted', amountMinor: amount, vcode: data.intentUrl });
    expect(row.expiresAt!.getTime() - t.clock.now().getTime()).toBe(Limits.upiCodeTtlMinutes * 60_000);
    // nothing is posted before the gateway says the money came
    expect(await postingsOf(order.orderId)).toHaveLength(0);
    expect((await resultOf(session, order.orderId, data.paymentId)).outcome).toBe('pending');
  });

  it('is paid only by the signed webhook, posted once through the waterfall, with the same result screen as a card', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoon(session);
    const amount = await payoffOf(t, order.orderId);
    const { paymentId, intentUrl } = (await openUpi(session, order.orderId, amount)).json().data;

    const paid = await payFrom(intentUrl, 'success@razorpay');
    expect(paid.statusCode, paid.body).toBe(200);
    const result = await resultOf(session, order.orderId, paymentId);
    expect(result).toMatchObject({ outcome: 'paid', method: 'upi', amount, settled: 1, remainingAmount: 0 });
    expect(await outstandingOf(order.orderId)).toBe(0);
    expect((await postingsOf(order.orderId)).reduce((sum, row) => sum + Number(row.amountMinor), 0)).toBe(amount);

    // the code took its payment: paying it again finds no open code, and the gateway's redelivery posts nothing
    expect((await payFrom(intentUrl, 'success@razorpay')).statusCode).toBe(404);
    const row = await paymentRow(paymentId);
    const again = await t.app.payments.payments.applyWebhookEvent('sandbox', {
      id: 'evt_redelivered_upi',
      type: 'payment.succeeded',
      gatewayRef: row.gatewayRef!,
      paymentRef: paymentId,
      amountMinor: amount,
      occurredAt: t.clock.now().toISOString(),
    });
    expect(again).toBe('unchanged');
    expect(await postingsOf(order.orderId)).toHaveLength(1);
  });

  it('stays pending while the bank has not answered (pending@razorpay), then is paid', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoon(session);
    const owed = await outstandingOf(order.orderId);
    const part = Math.floor(owed / 3);
    const { paymentId, intentUrl } = (await openUpi(session, order.orderId, part)).json().data;

    expect((await payFrom(intentUrl, 'pending@razorpay')).statusCode).toBe(200);
    expect((await resultOf(session, order.orderId, paymentId)).outcome).toBe('pending');
    expect(await postingsOf(order.orderId)).toHaveLength(0);

    expect((await payFrom(intentUrl, 'success@razorpay')).statusCode).toBe(200);
    expect(await resultOf(session, order.orderId, paymentId)).toMatchObject({ outcome: 'paid', settled: 0 });
    expect(await postingsOf(order.orderId)).toHaveLength(1);
  });

  it('fails when the bank declines (failure@razorpay), and posts nothing', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoon(session);
    const owed = await outstandingOf(order.orderId);
    const { paymentId, intentUrl } = (await openUpi(session, order.orderId, await payoffOf(t, order.orderId))).json().data;
    expect((await payFrom(intentUrl, 'failure@razorpay')).statusCode).toBe(200);
    expect((await resultOf(session, order.orderId, paymentId)).outcome).toBe('failed');
    expect(await postingsOf(order.orderId)).toHaveLength(0);
    expect(await outstandingOf(order.orderId)).toBe(owed);
  });

  it('gives the open code back for the same amount, and closes it when another amount is asked, so only one code can take money', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoon(session);
    const owed = await outstandingOf(order.orderId);
    const first = (await openUpi(session, order.orderId, 10_000)).json().data;
    const again = (await openUpi(session, order.orderId, 10_000)).json().data;
    expect(again.paymentId).toBe(first.paymentId);
    expect(again.intentUrl).toBe(first.intentUrl);

    const other = (await openUpi(session, order.orderId, 20_000)).json().data;
    expect(other.paymentId).not.toBe(first.paymentId);
    expect((await paymentRow(first.paymentId)).status).toBe('expired');
    expect((await payFrom(first.intentUrl, 'success@razorpay')).statusCode).toBe(404);
    expect((await payFrom(other.intentUrl, 'success@razorpay')).statusCode).toBe(200);
    expect(await outstandingOf(order.orderId)).toBe(owed - 20_000);
  });

  it('leaves one open code however many openings of one order race, and posts only the money that came', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoon(session);
    const owed = await outstandingOf(order.orderId);
    const amounts = [10_000, 20_000, 30_000, 40_000, 50_000, 60_000];
    const answers = await Promise.all(amounts.map((amount) => openUpi(session, order.orderId, amount)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(order.orderId)));
    const open = rows.filter((row) => row.status === 'submitted');
    expect(rows).toHaveLength(amounts.length);
    expect(open).toHaveLength(1);
    // every closed code refuses payment; the open one is paid once
    for (const row of rows.filter((candidate) => candidate.status !== 'submitted')) {
      expect((await payFrom(row.vcode!, 'success@razorpay')).statusCode).toBe(404);
    }
    expect((await payFrom(open[0]!.vcode!, 'success@razorpay')).statusCode).toBe(200);
    expect(await postingsOf(order.orderId)).toHaveLength(1);
    expect(await outstandingOf(order.orderId)).toBe(owed - open[0]!.amountMinor);
  });

  it('refuses more than is owed today, and opens nothing', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoon(session);
    const payoff = await payoffOf(t, order.orderId);
    const refused = await openUpi(session, order.orderId, payoff + 1);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(ResultCode.InvalidRequest);
    expect(refused.json().message).toContain(enIN.repayAmountTooLarge.split(' (')[0]!);
    const [none] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(order.orderId)));
    expect(none).toBeUndefined();
  });

  it('is India’s: an Indonesian borrower is answered paymentMethodUnavailable, and another borrower’s order is refused', async () => {
    const indonesia = await freshBorrower(Market.Indonesia);
    const refused = await openUpi(indonesia, dueSoon(indonesia).orderId, 100_000, 'ID');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(idID.paymentMethodUnavailable);
    const india = await freshBorrower(Market.India);
    const someoneElse = await freshBorrower(Market.India);
    const foreign = await openUpi(india, dueSoon(someoneElse).orderId, 10_000);
    expect(foreign.statusCode).toBeGreaterThanOrEqual(400);
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, Number(dueSoon(someoneElse).orderId))),
    ).toHaveLength(0);
  });
});
