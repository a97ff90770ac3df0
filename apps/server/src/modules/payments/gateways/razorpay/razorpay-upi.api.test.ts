/**
 * Razorpay's Pay by UPI (issue 51, decision 240) against a local server replaying its documented QR
 * Codes exchanges (razorpay-upi-exchanges.ts), and its qr_code.* webhooks through the real
 * `POST /webhooks/payments/razorpay` route into the ledger.
 */
import { Market, OrderStatus, ResultCode } from '@kilat/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RazorpaySettings } from '../../../../config.js';
import { payments } from '../../../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, testConfig, useTestApp } from '../../../../test/app.js';
import { cardFlow } from '../../../../test/card-flow.js';
import { payoffOf } from '../../../../test/payoff.js';
import { basicAuth, type ReceivedRequest, type ReplayServer, startReplayServer } from '../../../../test/replay-server.js';
import { razorpayError, razorpaySignature } from './razorpay-exchanges.js';
import { RAZORPAY_SIGNATURE_HEADER, RazorpayGateway } from './razorpay-gateway.js';
import { type QrFields, type QrState, qrCodeClosedEvent, qrCodeCreditedEvent, qrCodeEntity } from './razorpay-upi-exchanges.js';

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisissupersecret';
const WEBHOOK_SECRET = 'razorpay-webhook-secret-of-the-dashboard';

/** The QR codes Razorpay has made, by id, and their state, as the replay server keeps them. */
const codes = new Map<string, QrFields>();
const states = new Map<string, QrState>();
let codeSeq = 0;

/** Razorpay's QR Codes API as documented: create and fetch answer the entity, close answers it closed. */
const razorpayApi = (request: ReceivedRequest) => {
  if (request.method === 'POST' && request.path === '/v1/payments/qr_codes') {
    const body = request.body as Record<string, unknown>;
    const qr: QrFields = {
      id: `qr_HO2e${String(++codeSeq).padStart(10, '0')}`,
      payment_amount: body.payment_amount as number,
      description: body.description as string,
      close_by: body.close_by as number,
      notes: body.notes as Record<string, string>,
    };
    codes.set(qr.id, qr);
    return { status: 200, body: qrCodeEntity(qr) };
  }
  const fetched = /^\/v1\/payments\/qr_codes\/([^/]+)(\/close)?$/.exec(request.path);
  const qr = fetched && codes.get(decodeURIComponent(fetched[1]!));
  if (!fetched || !qr) return razorpayError(400, 'The id provided does not exist');
  if (request.method === 'POST' && fetched[2]) {
    // a closed code cannot be closed again
    if (states.get(qr.id) && states.get(qr.id) !== 'active') return razorpayError(400, 'QR code is not active');
    states.set(qr.id, 'closed');
    return { status: 200, body: qrCodeEntity(qr, 'closed') };
  }
  return { status: 200, body: qrCodeEntity(qr, states.get(qr.id) ?? 'active') };
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

const paymentOf = async (publicId: string) => (await t.database.db.select().from(payments).where(eq(payments.publicId, publicId)))[0]!;
const paymentCount = async () => (await t.database.db.select({ n: count() }).from(payments))[0]!.n;
const outstandingOf = async (orderId: string) => {
  const order = await t.app.orders.repository.findById(Number(orderId));
  return (await t.app.orders.withStatus(order!)).facts.position.outstandingMinor;
};
const signedDelivery = (event: unknown, secret = WEBHOOK_SECRET) => {
  const rawBody = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/payments/razorpay',
    payload: rawBody,
    headers: { 'content-type': 'application/json', [RAZORPAY_SIGNATURE_HEADER]: razorpaySignature(secret, rawBody) },
  });
};
const openUpi = async (amount?: number) => {
  const borrower = await flow.freshBorrower(Market.India);
  const order = flow.orderIn(borrower, OrderStatus.DueSoon);
  const pay = amount ?? (await payoffOf(t, order.orderId));
  const opened = await call(t.app, 'upiPayment', { session: borrower, body: { orderId: order.orderId, amount: String(pay) } });
  expect(opened.statusCode, opened.body).toBe(200);
  const qr = codes.get([...codes.keys()].at(-1)!)!;
  return { borrower, order, amount: pay, data: opened.json().data, qr, request: razorpay.received.at(-1)! };
};

describe('the Razorpay UPI QR code (POST /v1/payments/qr_codes)', () => {
  it('creates a single-use, fixed-amount UPI QR code as documented, and answers its image_content as the intent link', async () => {
    const { amount, data, qr, request } = await openUpi();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payments/qr_codes');
    expect(request.authorization).toBe(basicAuth(KEY_ID, KEY_SECRET));
    expect(request.body).toMatchObject({
      type: 'upi_qr',
      usage: 'single_use',
      fixed_amount: true,
      payment_amount: amount,
      notes: { payment_ref: data.paymentId },
    });
    expect(request.body!.close_by).toBeGreaterThan(Math.floor(Date.now() / 1000) + 15 * 60);
    expect(data.intentUrl).toBe(qrCodeEntity(qr).image_content);
    expect(new URL(data.intentUrl).searchParams.get('am')).toBe((amount / 100).toFixed(2));
    expect(await paymentOf(data.paymentId)).toMatchObject({
      gateway: 'razorpay',
      method: 'upi',
      status: 'submitted',
      gatewayRef: qr.id,
      amountMinor: amount,
    });
  });

  it('keeps nothing when Razorpay refuses the code or answers it without image_content', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const before = await paymentCount();
    const open = () => call(t.app, 'upiPayment', { session: borrower, body: { orderId: order.orderId, amount: '10000' } });
    try {
      razorpay.answer(() => razorpayError(400, 'upi_qr is not enabled for the merchant'));
      expect((await open()).json().code).toBe(ResultCode.Internal);
      // an account without the image-content feature: a QR the page could not open on a phone is not shown
      razorpay.answer((request) => {
        const answer = razorpayApi(request);
        const { image_content: _, ...withoutIntent } = answer.body as Record<string, unknown>;
        return { status: answer.status, body: withoutIntent };
      });
      expect((await open()).json().code).toBe(ResultCode.Internal);
    } finally {
      razorpay.answer(razorpayApi);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('closes the open code at Razorpay when the borrower asks for another amount (POST …/close)', async () => {
    const { borrower, order, data, qr } = await openUpi(10_000);
    const other = await call(t.app, 'upiPayment', { session: borrower, body: { orderId: order.orderId, amount: '20000' } });
    expect(other.statusCode, other.body).toBe(200);
    const close = razorpay.received.find((request) => request.path === `/v1/payments/qr_codes/${qr.id}/close`);
    expect(close).toMatchObject({ method: 'POST', authorization: basicAuth(KEY_ID, KEY_SECRET) });
    expect(states.get(qr.id)).toBe('closed');
    expect(await paymentOf(data.paymentId)).toMatchObject({ status: 'expired' });
  });

  it('takes a code Razorpay already closed (paid a moment ago) as closed, and still posts its payment', async () => {
    const { borrower, order, data, qr } = await openUpi(10_000);
    states.set(qr.id, 'paid');
    const other = await call(t.app, 'upiPayment', { session: borrower, body: { orderId: order.orderId, amount: '20000' } });
    expect(other.statusCode, other.body).toBe(200);
    expect(await paymentOf(data.paymentId)).toMatchObject({ status: 'expired' });
    // the money came: the credited webhook posts it whatever Kilat had marked
    const credited = await signedDelivery(qrCodeCreditedEvent(qr, 'pay_HO2fRACE000001'));
    expect(credited.statusCode).toBe(200);
    expect(await paymentOf(data.paymentId)).toMatchObject({ status: 'paid' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
  });
});

describe('Razorpay qr_code webhooks through /webhooks/payments/razorpay', () => {
  it('posts qr_code.credited once with the UPI payment’s amount; its redelivery changes nothing', async () => {
    const { order, amount, data, qr } = await openUpi();
    const event = qrCodeCreditedEvent(qr, 'pay_HO2fONCE000001');
    const first = await signedDelivery(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(await paymentOf(data.paymentId)).toMatchObject({ status: 'paid' });
    expect(await outstandingOf(order.orderId)).toBe(0);
    expect((await signedDelivery(event)).statusCode).toBe(200);
    const rows = await flow.repaymentRows(order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountMinor).toBe(amount);
  });

  it('refuses a wrong signature, and never posts a credit of another amount than the code’s', async () => {
    const { order, data, qr } = await openUpi();
    expect((await signedDelivery(qrCodeCreditedEvent(qr, 'pay_HO2fSIGNED0001'), 'another-secret')).statusCode).toBe(401);
    const odd = await signedDelivery(qrCodeCreditedEvent(qr, 'pay_HO2fODD0000001', qr.payment_amount + 100));
    expect(odd.statusCode).toBe(200);
    expect(await paymentOf(data.paymentId)).toMatchObject({ status: 'submitted' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
  });

  it('closes the payment on qr_code.closed on demand, and ignores the close that follows a payment', async () => {
    const paid = await openUpi();
    expect((await signedDelivery(qrCodeCreditedEvent(paid.qr, 'pay_HO2fCLOSE00001'))).statusCode).toBe(200);
    expect((await signedDelivery(qrCodeClosedEvent(paid.qr, 'paid'))).statusCode).toBe(200);
    expect(await paymentOf(paid.data.paymentId)).toMatchObject({ status: 'paid' });

    const closed = await openUpi();
    expect((await signedDelivery(qrCodeClosedEvent(closed.qr))).statusCode).toBe(200);
    expect(await paymentOf(closed.data.paymentId)).toMatchObject({ status: 'expired' });
    expect(await flow.repaymentRows(closed.order.orderId)).toHaveLength(0);
  });
});

describe('Razorpay UPI lookup (GET /v1/payments/qr_codes/:id)', () => {
  it('answers an active code as pending, one closed by its payment as succeeded, one closed unpaid as failed', async () => {
    const gateway = new RazorpayGateway(settings);
    const { data, qr } = await openUpi();
    const lookup = (gatewayRef: string) => gateway.lookupPayment({ paymentRef: data.paymentId, gatewayRef, method: 'upi' });
    expect(await lookup(qr.id)).toBe('pending');
    expect(razorpay.received.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payments/qr_codes/${qr.id}` });
    states.set(qr.id, 'paid');
    expect(await lookup(qr.id)).toBe('succeeded');
    states.set(qr.id, 'closed');
    expect(await lookup(qr.id)).toBe('failed');
    expect(await lookup('qr_DOESNOTEXIST01')).toBe('not_found');
  });
});
