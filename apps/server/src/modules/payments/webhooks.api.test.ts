import { Market, OrderStatus } from '@kilat/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, payments, webhookEvents } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';
import { SIGNATURE_HEADER, signatureHeader } from './gateways/sandbox/webhook-signature.js';
import type { WebhookEvent, WebhookEventType } from './ports.js';

const t = useTestApp();

interface Session {
  sessionId: string;
  deviceId: string;
  orders: { orderId: string; productId: string; status: number }[];
}

const freshBorrower = async (market: Market): Promise<Session> => {
  const response = await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` });
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** An open virtual-account payment of the fresh borrower's due-soon order: its bill number (public id) and amount. */
const openPayment = async (amountMinor = 10_000_000) => {
  const session = await freshBorrower(Market.Indonesia);
  const order = session.orders.find((entry) => entry.status === OrderStatus.DueSoon)!;
  const response = await call(t.app, 'generateVirtualAccount', {
    session,
    body: {
      productId: order.productId,
      orderId: order.orderId,
      amount: String(amountMinor),
      payCode: 'BCA',
      pay_type: '1',
      is_default: '0',
      is_display: '1',
      specific_num: 'ATM',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data;
  return { publicId: data.cardNo as string, amountMinor: data.amount as number, vcode: data.vcode as string, session };
};

let eventSeq = 0;
const eventFor = (
  payment: { publicId: string; amountMinor: number },
  type: WebhookEventType,
  id = `evt_test_${++eventSeq}`,
): WebhookEvent => ({
  id,
  type,
  gatewayRef: `va_test_${payment.publicId}`,
  paymentRef: payment.publicId,
  amountMinor: payment.amountMinor,
  occurredAt: t.clock.now().toISOString(),
});

const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);

const deliver = (rawBody: string, headers: Record<string, string> = {}, gateway = 'sandbox') =>
  t.app.inject({
    method: 'POST',
    url: `/webhooks/payments/${gateway}`,
    payload: rawBody,
    headers: { 'content-type': 'application/json', ...headers },
  });

const signed = (event: WebhookEvent, secret = t.config.payments.webhookSecret, timestamp = nowSeconds()) => {
  const rawBody = JSON.stringify(event);
  return deliver(rawBody, { [SIGNATURE_HEADER]: signatureHeader(secret, rawBody, timestamp) });
};

const postingsOf = async (publicId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `payment:${publicId}`))
  )[0]!.n;
const statusOf = async (publicId: string) =>
  (await t.database.db.select({ status: payments.status }).from(payments).where(eq(payments.publicId, publicId)))[0]!.status;
const eventStored = async (id: string) =>
  (await t.database.db.select({ n: count() }).from(webhookEvents).where(eq(webhookEvents.eventId, id)))[0]!.n === 1;

describe('POST /webhooks/payments/:gateway', () => {
  it('refuses a webhook with a bad signature (401) and stores and posts nothing', async () => {
    const payment = await openPayment();
    const event = eventFor(payment, 'payment.succeeded');
    const forged = await signed(event, 'not-the-secret-not-the-secret-not-the-secret');
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: '40100', data: null });

    // the body changed after signing: the signature no longer holds
    const rawBody = JSON.stringify(event);
    const header = signatureHeader(t.config.payments.webhookSecret, rawBody, nowSeconds());
    const tampered = await deliver(JSON.stringify({ ...event, amountMinor: event.amountMinor * 10 }), { [SIGNATURE_HEADER]: header });
    expect(tampered.statusCode).toBe(401);

    expect(await eventStored(event.id)).toBe(false);
    expect(await postingsOf(payment.publicId)).toBe(0);
    expect(await statusOf(payment.publicId)).toBe('submitted');
  });

  it('refuses a webhook without a signature, or one signed more than 5 minutes ago', async () => {
    const payment = await openPayment();
    const event = eventFor(payment, 'payment.succeeded');
    expect((await deliver(JSON.stringify(event))).statusCode).toBe(401);
    expect((await signed(event, undefined, nowSeconds() - 6 * 60)).statusCode).toBe(401);
    expect(await eventStored(event.id)).toBe(false);
    expect(await postingsOf(payment.publicId)).toBe(0);
  });

  it('answers 404 for a gateway it does not know', async () => {
    const payment = await openPayment();
    const response = await deliver(JSON.stringify(eventFor(payment, 'payment.succeeded')), {}, 'razorpay');
    expect(response.statusCode).toBe(404);
  });

  it('posts the same event delivered twice once', async () => {
    const payment = await openPayment();
    const event = eventFor(payment, 'payment.succeeded');
    const [first, second] = [await signed(event), await signed(event)];
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(await postingsOf(payment.publicId)).toBe(1);
    expect(await statusOf(payment.publicId)).toBe('paid');
  });

  it('posts one event delivered twice at the same instant once', async () => {
    const payment = await openPayment();
    const event = eventFor(payment, 'payment.succeeded');
    const responses = await Promise.all([signed(event), signed(event), signed(event)]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await postingsOf(payment.publicId)).toBe(1);
  });

  it('keeps a paid payment paid when a pending event arrives after the succeeded one', async () => {
    const payment = await openPayment();
    expect((await signed(eventFor(payment, 'payment.succeeded'))).statusCode).toBe(200);
    expect((await signed(eventFor(payment, 'payment.pending'))).statusCode).toBe(200);
    expect((await signed(eventFor(payment, 'payment.expired'))).statusCode).toBe(200);
    expect(await statusOf(payment.publicId)).toBe('paid');
    expect(await postingsOf(payment.publicId)).toBe(1);
  });

  it('posts a succeeded event that arrives after a failed one: the money arrived', async () => {
    const payment = await openPayment();
    expect((await signed(eventFor(payment, 'payment.failed'))).statusCode).toBe(200);
    expect(await statusOf(payment.publicId)).toBe('failed');
    expect(await postingsOf(payment.publicId)).toBe(0);
    expect((await signed(eventFor(payment, 'payment.succeeded'))).statusCode).toBe(200);
    expect(await statusOf(payment.publicId)).toBe('paid');
    expect(await postingsOf(payment.publicId)).toBe(1);
  });

  it('posts nothing for a second succeeded event with another event id', async () => {
    const payment = await openPayment();
    await signed(eventFor(payment, 'payment.succeeded'));
    await signed(eventFor(payment, 'payment.succeeded'));
    expect(await postingsOf(payment.publicId)).toBe(1);
    const [entry] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, `payment:${payment.publicId}`));
    expect(entry).toMatchObject({ kind: 'repayment', amountMinor: payment.amountMinor });
  });

  it('answers 200 to an event of a payment it does not know, keeps the event and posts nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(ledgerEntries))[0]!.n;
    const event = eventFor({ publicId: 'RPUNKNOWNUNKNOWNUNKNOWN', amountMinor: 5_000 }, 'payment.succeeded');
    const response = await signed(event);
    expect(response.statusCode).toBe(200);
    expect(await eventStored(event.id)).toBe(true);
    expect((await t.database.db.select({ n: count() }).from(ledgerEntries))[0]!.n).toBe(before);
  });

  it('moves a payment forward on pending, and never back from failed', async () => {
    const payment = await openPayment();
    await signed(eventFor(payment, 'payment.failed'));
    await signed(eventFor(payment, 'payment.pending'));
    expect(await statusOf(payment.publicId)).toBe('failed');
  });

  it('does not post a succeeded event whose amount differs from the payment', async () => {
    const payment = await openPayment();
    const response = await signed({ ...eventFor(payment, 'payment.succeeded'), amountMinor: payment.amountMinor + 1 });
    expect(response.statusCode).toBe(200);
    expect(await postingsOf(payment.publicId)).toBe(0);
    expect(await statusOf(payment.publicId)).toBe('submitted');
  });
});
