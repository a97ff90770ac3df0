/**
 * Razorpay's recurring payments for India's AutoPay (issue 51 item 2, decisions 242–244) against a
 * local server replaying the documented exchanges (razorpay-mandate-exchanges.ts), and its token.*
 * and payment.* webhooks through the real `POST /webhooks/payments/razorpay` route.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RazorpaySettings } from '../../../../config.js';
import { ledgerEntries, payments } from '../../../../db/schema.js';
import { addDays } from '../../../../lending/business-date.js';
import { call, SETUP_TIMEOUT_MS, testConfig, useTestApp } from '../../../../test/app.js';
import { cardFlow } from '../../../../test/card-flow.js';
import { basicAuth, type ReceivedRequest, type ReplayServer, startReplayServer } from '../../../../test/replay-server.js';
import { AUTOPAY_DEBITS_JOB, istHourOn } from '../../mandates/debits.js';
import { mandateDebits, mandates } from '../../mandates/table.js';
import { razorpaySignature } from './razorpay-exchanges.js';
import { RAZORPAY_SIGNATURE_HEADER } from './razorpay-gateway.js';
import {
  authLinkEntity,
  CUSTOMER_ID,
  orderEntity,
  paymentEvent,
  recurringPaymentAnswer,
  tokenEntity,
  tokenEvent,
} from './razorpay-mandate-exchanges.js';

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisissupersecret';
const WEBHOOK_SECRET = 'razorpay-webhook-secret-of-the-dashboard';

let seq = 0;
const next = (prefix: string) => `${prefix}${String(++seq).padStart(10, '0')}`;

/** Razorpay's recurring payments API as documented, each answer in its documented shape. */
const razorpayApi = (request: ReceivedRequest) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (request.method === 'POST' && request.path === '/v1/subscription_registration/auth_links') {
    return {
      status: 200,
      body: authLinkEntity({
        id: next('inv_FHrX'),
        orderId: next('order_FHrX'),
        receipt: body.receipt as string,
        description: body.description as string,
        notes: body.notes as Record<string, string>,
      }),
    };
  }
  if (request.method === 'POST' && request.path === '/v1/orders') {
    return {
      status: 200,
      body: orderEntity({
        id: next('order_DBT'),
        amount: body.amount as number,
        receipt: body.receipt as string,
        notes: body.notes as Record<string, string>,
      }),
    };
  }
  if (request.method === 'POST' && request.path === '/v1/payments/create/recurring') {
    return { status: 200, body: recurringPaymentAnswer(next('pay_RCR'), body.order_id as string) };
  }
  const cancel = /^\/v1\/customers\/([^/]+)\/tokens\/([^/]+)\/cancel$/.exec(request.path);
  if (request.method === 'PUT' && cancel)
    return { status: 200, body: tokenEntity(decodeURIComponent(cancel[2]!), 'cancellation_initiated') };
  return { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } } };
};

let razorpay: ReplayServer;
let settings: RazorpaySettings;

beforeAll(async () => {
  razorpay = await startReplayServer(razorpayApi);
  settings = {
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: razorpay.baseUrl,
    publicBaseUrl: 'https://kilat.example',
  };
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await razorpay?.close();
}, SETUP_TIMEOUT_MS);
const t = useTestApp(() => ({
  config: { payments: { ...testConfig().payments, gateways: { IN: 'razorpay', ID: 'sandbox' }, razorpay: settings } },
}));
const flow = cardFlow(t);

const signedDelivery = (event: unknown, secret = WEBHOOK_SECRET) => {
  const rawBody = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/payments/razorpay',
    payload: rawBody,
    headers: { 'content-type': 'application/json', [RAZORPAY_SIGNATURE_HEADER]: razorpaySignature(secret, rawBody) },
  });
};
const mandateOf = async (orderId: string) =>
  (
    await t.database.db
      .select()
      .from(mandates)
      .where(eq(mandates.orderId, Number(orderId)))
  )[0]!;
const lastRequest = (path: string | RegExp) =>
  [...razorpay.received].reverse().find((request) => (typeof path === 'string' ? request.path === path : path.test(request.path)))!;

/** A fresh borrower's due-soon loan with a mandate registered at Razorpay (not yet authorised). */
const registered = async () => {
  const borrower = await flow.freshBorrower(Market.India);
  const order = flow.orderIn(borrower, OrderStatus.DueSoon);
  const created = await call(t.app, 'autopaySetUp', { session: borrower, body: { orderId: order.orderId, method: 'upi' } });
  expect(created.statusCode, created.body).toBe(200);
  return { borrower, order, data: created.json().data, mandate: await mandateOf(order.orderId) };
};

/** Authorised: the token's confirmation and the authorisation payment that names it, in Razorpay's order. */
const authorised = async () => {
  const reg = await registered();
  const tokenId = next('token_FHhm');
  expect((await signedDelivery(tokenEvent('token.confirmed', tokenId))).statusCode).toBe(200);
  const auth = paymentEvent('payment.authorized', {
    id: next('pay_AUTH'),
    amount: 0,
    orderId: reg.mandate.gatewayOrderRef!,
    tokenId,
    notes: [],
  });
  expect((await signedDelivery(auth)).statusCode).toBe(200);
  return { ...reg, tokenId };
};

describe('Razorpay registration link (POST /v1/subscription_registration/auth_links)', () => {
  it('registers a UPI mandate as documented: capped, expiring, as presented; the borrower approves it on its short_url', async () => {
    const { data, mandate } = await registered();
    const request = lastRequest('/v1/subscription_registration/auth_links');
    expect(request.authorization).toBe(basicAuth(KEY_ID, KEY_SECRET));
    expect(request.body).toMatchObject({
      type: 'link',
      amount: 0,
      currency: 'INR',
      receipt: data.mandateId,
      sms_notify: false,
      email_notify: false,
      subscription_registration: {
        method: 'upi',
        max_amount: mandate.maxAmountMinor,
        expire_at: Math.floor(mandate.expiresAt.getTime() / 1000),
        frequency: 'as_presented',
      },
      notes: { mandate_ref: data.mandateId },
    });
    expect((request.body as { customer: { contact: string } }).customer.contact).toMatch(/^\+91\d{10}$/);
    expect(data.authUrl).toMatch(/^https:\/\/rzp\.io\/i\//);
    expect(mandate).toMatchObject({ status: 'created', gateway: 'razorpay', customerRef: CUSTOMER_ID });
    expect(mandate.gatewayRef).toMatch(/^inv_/);
    expect(mandate.gatewayOrderRef).toMatch(/^order_/);
  });

  it('keeps nothing when Razorpay refuses the link', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    razorpay.answer(() => ({ status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'UPI recurring is not enabled' } } }));
    try {
      const refused = await call(t.app, 'autopaySetUp', { session: borrower, body: { orderId: order.orderId, method: 'upi' } });
      expect(refused.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      razorpay.answer(razorpayApi);
    }
    expect(
      await t.database.db
        .select()
        .from(mandates)
        .where(eq(mandates.orderId, Number(order.orderId))),
    ).toHaveLength(0);
  });
});

describe('Razorpay token webhooks', () => {
  it('activates the mandate on token.confirmed even when it comes before the authorisation payment that names its token; a redelivery changes nothing', async () => {
    const { order, tokenId } = await authorised();
    expect(await mandateOf(order.orderId)).toMatchObject({ status: 'active', tokenRef: tokenId });
    expect((await signedDelivery(tokenEvent('token.confirmed', tokenId))).statusCode).toBe(200);
    expect((await mandateOf(order.orderId)).status).toBe('active');
  });

  it('rejects on token.rejected; pauses on token.paused (resumed only in the UPI app); cancels on token.cancelled; refuses a wrong signature', async () => {
    const rejected = await registered();
    const rejectedToken = next('token_REJ');
    await signedDelivery(
      paymentEvent('payment.authorized', {
        id: next('pay_AUTH'),
        amount: 0,
        orderId: rejected.mandate.gatewayOrderRef!,
        tokenId: rejectedToken,
        notes: [],
      }),
    );
    await signedDelivery(tokenEvent('token.rejected', rejectedToken));
    expect(await mandateOf(rejected.order.orderId)).toMatchObject({ status: 'rejected', failureReason: 'U16: Risk threshold exceeded' });

    const { borrower, order, tokenId } = await authorised();
    expect((await signedDelivery(tokenEvent('token.paused', tokenId), 'another-secret')).statusCode).toBe(401);
    expect((await mandateOf(order.orderId)).status).toBe('active');
    await signedDelivery(tokenEvent('token.paused', tokenId));
    expect(await mandateOf(order.orderId)).toMatchObject({ status: 'paused', pausedBy: 'gateway' });
    const resume = await call(t.app, 'autopayChange', { session: borrower, body: { orderId: order.orderId, action: 'resume' } });
    expect(resume.statusCode).toBe(409);
    await signedDelivery(tokenEvent('token.cancelled', tokenId));
    expect((await mandateOf(order.orderId)).status).toBe('cancelled');
  });

  it('cancels at the borrower word with PUT /v1/customers/:customer_id/tokens/:token_id/cancel', async () => {
    const { borrower, order, tokenId } = await authorised();
    const cancelled = await call(t.app, 'autopayChange', { session: borrower, body: { orderId: order.orderId, action: 'cancel' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const request = lastRequest(/\/cancel$/);
    expect(request).toMatchObject({ method: 'PUT', path: `/v1/customers/${CUSTOMER_ID}/tokens/${tokenId}/cancel` });
    expect(request.authorization).toBe(basicAuth(KEY_ID, KEY_SECRET));
    expect((await mandateOf(order.orderId)).status).toBe('cancelled');
    // Razorpay's token.cancelled that follows changes nothing more
    expect((await signedDelivery(tokenEvent('token.cancelled', tokenId))).statusCode).toBe(200);
  });
});

describe('Razorpay debits (POST /v1/orders with notification, POST /v1/payments/create/recurring)', () => {
  it('announces the debit the day before with an order carrying the notification, debits on the due date, and posts payment.captured once', async () => {
    const { order, tokenId } = await authorised();
    const mandate = await mandateOf(order.orderId);
    const debitRow = async () => (await t.database.db.select().from(mandateDebits).where(eq(mandateDebits.mandateId, mandate.id)))[0]!;
    const loan = (await t.app.orders.repository.findById(Number(order.orderId)))!;
    const state = await t.app.orders.withStatus(loan);
    const period = state.replay.periods[0]!;
    const owed = period.owedMinor;

    t.clock.set(istHourOn(addDays(period.dueDate, -1), 10));
    await t.app.jobs.runNow(AUTOPAY_DEBITS_JOB);
    const notice = lastRequest('/v1/orders');
    expect(notice.body).toMatchObject({
      amount: owed,
      currency: 'INR',
      payment_capture: true,
      notification: { token_id: tokenId, payment_after: Math.floor(istHourOn(period.dueDate, 10).getTime() / 1000) },
    });
    const noticed = await debitRow();
    expect(noticed.gatewayRef).toMatch(/^order_DBT/);

    t.clock.set(istHourOn(period.dueDate, 10));
    await t.app.jobs.runNow(AUTOPAY_DEBITS_JOB);
    const debit = lastRequest('/v1/payments/create/recurring');
    const presented = await debitRow();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, presented.paymentId!));
    expect(debit.body).toMatchObject({
      amount: owed,
      currency: 'INR',
      order_id: noticed.gatewayRef,
      customer_id: CUSTOMER_ID,
      token: tokenId,
      recurring: '1',
      notes: { autopay_payment_ref: payment!.publicId },
    });
    expect(payment).toMatchObject({ method: 'autopay', status: 'submitted', gateway: 'razorpay', gatewayRef: noticed.gatewayRef });

    const captured = paymentEvent('payment.captured', {
      id: next('pay_RCR'),
      amount: owed,
      orderId: noticed.gatewayRef!,
      tokenId,
      notes: { autopay_payment_ref: payment!.publicId },
    });
    expect((await signedDelivery(captured)).statusCode).toBe(200);
    expect((await signedDelivery(captured)).statusCode).toBe(200);
    const postings = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, Number(order.orderId)), eq(ledgerEntries.kind, 'repayment')));
    expect(postings).toHaveLength(1);
    expect(Number(postings[0]!.amountMinor)).toBe(owed);
  });

  it('fails the payment on payment.failed, and posts nothing', async () => {
    const { order, tokenId } = await authorised();
    const loan = (await t.app.orders.repository.findById(Number(order.orderId)))!;
    const period = (await t.app.orders.withStatus(loan)).replay.periods[0]!;
    t.clock.set(istHourOn(addDays(period.dueDate, -1), 10));
    await t.app.jobs.runNow(AUTOPAY_DEBITS_JOB);
    t.clock.set(istHourOn(period.dueDate, 10));
    await t.app.jobs.runNow(AUTOPAY_DEBITS_JOB);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(order.orderId)));
    const failed = paymentEvent('payment.failed', {
      id: next('pay_RCR'),
      amount: payment!.amountMinor,
      orderId: payment!.gatewayRef!,
      tokenId,
      notes: { autopay_payment_ref: payment!.publicId },
    });
    expect((await signedDelivery(failed)).statusCode).toBe(200);
    expect((await t.database.db.select().from(payments).where(eq(payments.id, payment!.id)))[0]).toMatchObject({
      status: 'failed',
      failureReason: 'insufficient_funds',
    });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
  });
});
