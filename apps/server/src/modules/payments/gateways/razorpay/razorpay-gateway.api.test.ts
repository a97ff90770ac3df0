/**
 * Razorpay for India against a local server replaying its documented exchanges (Payment Links),
 * and its webhooks through the real `POST /webhooks/payments/razorpay` route into the ledger.
 */
import { Market, OrderStatus, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RazorpaySettings } from '../../../../config.js';
import { bankCards, payments } from '../../../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, testConfig, useTestApp } from '../../../../test/app.js';
import { cardFlow, TestCards } from '../../../../test/card-flow.js';
import { payoffOf } from '../../../../test/payoff.js';
import { basicAuth, type ReceivedRequest, type ReplayServer, startReplayServer } from '../../../../test/replay-server.js';
import {
  type LinkFields,
  paymentFailedEvent,
  paymentLinkEntity,
  paymentLinkEvent,
  razorpayError,
  razorpaySignature,
} from './razorpay-exchanges.js';
import { RAZORPAY_SIGNATURE_HEADER, RazorpayGateway } from './razorpay-gateway.js';

const KEY_ID = 'rzp_test_1DP5mmOlF5G5ag';
const KEY_SECRET = 'thisissupersecret';
const WEBHOOK_SECRET = 'razorpay-webhook-secret-of-the-dashboard';
const PUBLIC_BASE_URL = 'https://kilat.example';

/** The links Razorpay has made, by id, as the replay server keeps them. */
const links = new Map<string, LinkFields>();
let linkSeq = 0;

/** Razorpay's Payment Links API as documented: create answers the entity, fetch answers it or "does not exist". */
const razorpayApi = (request: ReceivedRequest) => {
  if (request.method === 'POST' && request.path === '/v1/payment_links') {
    const body = request.body as Record<string, unknown>;
    const link: LinkFields = {
      id: `plink_NQwY${String(++linkSeq).padStart(10, '0')}`,
      amount: body.amount as number,
      reference_id: body.reference_id as string,
      callback_url: body.callback_url as string,
      expire_by: body.expire_by as number,
      description: body.description as string,
      notes: body.notes as Record<string, string>,
    };
    links.set(link.id, link);
    return { status: 200, body: paymentLinkEntity(link) };
  }
  const fetched = /^\/v1\/payment_links\/([^/]+)$/.exec(request.path);
  if (request.method === 'GET' && fetched) {
    const link = links.get(decodeURIComponent(fetched[1]!));
    return link
      ? { status: 200, body: paymentLinkEntity(link, linkStatus.get(link.id) ?? 'created') }
      : razorpayError(400, 'The id provided does not exist');
  }
  return razorpayError(404, 'The requested URL was not found on the server.', 'NOT_FOUND');
};
const linkStatus = new Map<string, 'created' | 'paid' | 'expired' | 'cancelled'>();

let razorpay: ReplayServer;
let settings: RazorpaySettings;

beforeAll(async () => {
  razorpay = await startReplayServer(razorpayApi);
  settings = {
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: WEBHOOK_SECRET,
    apiBase: razorpay.baseUrl,
    publicBaseUrl: PUBLIC_BASE_URL,
  };
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await razorpay?.close();
}, SETUP_TIMEOUT_MS);
const t = useTestApp(() => ({
  config: { payments: { ...testConfig().payments, gateways: { IN: 'razorpay', ID: 'sandbox' }, razorpay: settings } },
}));
const flow = cardFlow(t);

const paymentCount = async () => (await t.database.db.select({ n: count() }).from(payments))[0]!.n;
const paymentOf = async (publicId: string) => (await t.database.db.select().from(payments).where(eq(payments.publicId, publicId)))[0]!;
const outstandingOf = async (orderId: string) => {
  const order = await t.app.orders.repository.findById(Number(orderId));
  return (await t.app.orders.withStatus(order!)).facts.position.outstandingMinor;
};

const deliver = (rawBody: string, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/webhooks/payments/razorpay',
    payload: rawBody,
    headers: { 'content-type': 'application/json', ...headers },
  });
const signedDelivery = (event: unknown, secret = WEBHOOK_SECRET) => {
  const rawBody = JSON.stringify(event);
  return deliver(rawBody, { [RAZORPAY_SIGNATURE_HEADER]: razorpaySignature(secret, rawBody) });
};

/** A fresh Indian borrower's due-soon order with a payment link opened for what closes it today (interest to the day). */
const openLink = async () => {
  const borrower = await flow.freshBorrower(Market.India);
  const order = flow.orderIn(borrower, OrderStatus.DueSoon);
  const amount = await payoffOf(t, order.orderId);
  const started = await call(t.app, 'repaymentCheckout', {
    session: borrower,
    body: { userId: borrower.userId, orderId: order.orderId, amount: String(amount) },
  });
  expect(started.statusCode, started.body).toBe(200);
  const request = razorpay.received.at(-1)!;
  const link = links.get([...links.keys()].at(-1)!)!;
  return { borrower, order, amount, url: started.json().data.url as string, request, link };
};

describe('the Razorpay checkout (Payment Links)', () => {
  it('creates a payment link as Razorpay documents it: Basic auth, paise, our reference, no partial payment, back to borrow detail', async () => {
    const { order, amount, url, request, link } = await openLink();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_links');
    expect(request.authorization).toBe(basicAuth(KEY_ID, KEY_SECRET));
    expect(request.body).toMatchObject({
      amount,
      currency: 'INR',
      accept_partial: false,
      callback_method: 'get',
      notify: { sms: false, email: false },
      reminder_enable: false,
    });
    expect(Number.isInteger(request.body!.amount)).toBe(true);
    expect(request.body!.callback_url).toBe(
      `${PUBLIC_BASE_URL}/pay/back?productId=${order.productId}&orderId=${order.orderId}&paymentId=${link.reference_id}`,
    );
    expect(request.body!.expire_by).toBeGreaterThan(Math.floor(Date.now() / 1000) + 15 * 60);
    // the borrower is sent to Razorpay's hosted page, and the payment keeps the link's id
    expect(url).toBe(paymentLinkEntity(link).short_url);
    const payment = await paymentOf(link.reference_id);
    expect(payment).toMatchObject({
      gateway: 'razorpay',
      method: 'checkout',
      status: 'submitted',
      gatewayRef: link.id,
      amountMinor: amount,
    });
  });

  it('keeps nothing when Razorpay refuses the link, and tells the borrower the call failed', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const before = await paymentCount();
    razorpay.answer(() => razorpayError(401, 'The api key provided is invalid'));
    try {
      const started = await call(t.app, 'repaymentCheckout', {
        session: borrower,
        body: { userId: borrower.userId, orderId: order.orderId, amount: String(await payoffOf(t, order.orderId)) },
      });
      expect(started.statusCode).toBe(500);
      expect(started.json().code).toBe(ResultCode.Internal);
    } finally {
      razorpay.answer(razorpayApi);
    }
    expect(await paymentCount()).toBe(before);
  });
});

describe('coming back from the hosted page', () => {
  it("leads to the payment result screen, or the loan's borrow detail without a payment, dropping the parameters Razorpay adds", async () => {
    const paymentId = 'RPABCDEFGHIJKLMNOPQRST';
    const back = await t.app.inject({
      method: 'GET',
      url: `/pay/back?productId=3&orderId=42&paymentId=${paymentId}&razorpay_payment_id=pay_NQwZ3h8Ybx2Ue1&razorpay_payment_link_status=paid&razorpay_signature=b0ea30`,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/#/payResult?productId=3&orderId=42&paymentId=${paymentId}`);
    const noPayment = await t.app.inject({ method: 'GET', url: '/pay/back?productId=3&orderId=42&razorpay_signature=b0ea30' });
    expect(noPayment.headers.location).toBe('/#/borrowDetail/?productId=3&orderId=42');
    const odd = await t.app.inject({ method: 'GET', url: '/pay/back?productId=3&orderId=42%23x' });
    expect(odd.headers.location).toBe('/');
  });
});

describe('Razorpay webhooks through /webhooks/payments/razorpay', () => {
  it('posts payment_link.paid to the ledger once; its redelivery changes nothing', async () => {
    const { order, amount, link } = await openLink();
    const event = paymentLinkEvent('payment_link.paid', link);
    const first = await signedDelivery(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().code).toBe('00');
    expect(await paymentOf(link.reference_id)).toMatchObject({ status: 'paid' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
    expect(await outstandingOf(order.orderId)).toBe(0);

    const again = await signedDelivery(event);
    expect(again.statusCode).toBe(200);
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
    expect((await flow.repaymentRows(order.orderId))[0]!.amountMinor).toBe(amount);
  });

  it('refuses a wrong or missing X-Razorpay-Signature and a body changed after signing, posting nothing', async () => {
    const { order, link } = await openLink();
    const rawBody = JSON.stringify(paymentLinkEvent('payment_link.paid', link));
    for (const headers of [
      {} as Record<string, string>,
      { [RAZORPAY_SIGNATURE_HEADER]: razorpaySignature('another-secret', rawBody) },
      { [RAZORPAY_SIGNATURE_HEADER]: razorpaySignature(WEBHOOK_SECRET, rawBody).slice(0, 63) },
      // signed with the API key secret instead of the webhook secret
      { [RAZORPAY_SIGNATURE_HEADER]: razorpaySignature(KEY_SECRET, rawBody) },
    ]) {
      const refused = await deliver(rawBody, headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().code).toBe(ResultCode.Unauthenticated);
    }
    const tampered = rawBody.replace(`"amount_paid":${link.amount}`, `"amount_paid":${link.amount + 100}`);
    expect(tampered).not.toBe(rawBody);
    expect((await deliver(tampered, { [RAZORPAY_SIGNATURE_HEADER]: razorpaySignature(WEBHOOK_SECRET, rawBody) })).statusCode).toBe(401);
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
    expect(await paymentOf(link.reference_id)).toMatchObject({ status: 'submitted' });
  });

  it('leaves the link payable after a failed attempt (payment.failed), and closes it on payment_link.expired', async () => {
    const { order, link } = await openLink();
    const failedAttempt = await signedDelivery(paymentFailedEvent(link.amount));
    expect(failedAttempt.statusCode).toBe(200);
    expect(await paymentOf(link.reference_id)).toMatchObject({ status: 'submitted' });

    const expired = await signedDelivery(paymentLinkEvent('payment_link.expired', link));
    expect(expired.statusCode).toBe(200);
    expect(await paymentOf(link.reference_id)).toMatchObject({ status: 'expired' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
  });
});

describe('Razorpay lookup (GET /v1/payment_links/:id)', () => {
  it('answers paid as succeeded, created as pending, expired as failed, an unknown link as not found', async () => {
    const gateway = new RazorpayGateway(settings);
    const { link } = await openLink();
    const lookup = (gatewayRef: string | null) => gateway.lookupPayment({ paymentRef: link.reference_id, gatewayRef, method: 'checkout' });
    expect(await lookup(link.id)).toBe('pending');
    const request = razorpay.received.at(-1)!;
    expect(request).toMatchObject({ method: 'GET', path: `/v1/payment_links/${link.id}`, authorization: basicAuth(KEY_ID, KEY_SECRET) });
    linkStatus.set(link.id, 'paid');
    expect(await lookup(link.id)).toBe('succeeded');
    linkStatus.set(link.id, 'expired');
    expect(await lookup(link.id)).toBe('failed');
    expect(await lookup('plink_DOESNOTEXIST01')).toBe('not_found');
    expect(await lookup(null)).toBe('not_found');
  });
});

describe('cards with Razorpay', () => {
  it('refuses to bind a card number (cards are paid on the checkout page) and lists no sandbox card', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const before = await t.database.db
      .select({ n: count() })
      .from(bankCards)
      .where(eq(bankCards.borrowerId, Number(borrower.userId)));
    const requests = razorpay.received.length;
    const refused = await flow.bindCard(borrower, TestCards.withoutCode);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: ResultCode.InvalidRequest, message: enIN.cardPaymentOnCheckout, data: null });
    const after = await t.database.db
      .select({ n: count() })
      .from(bankCards)
      .where(eq(bankCards.borrowerId, Number(borrower.userId)));
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(razorpay.received.length).toBe(requests);
    // the fresh borrower's sandbox card cannot be charged by Razorpay: repayment-way offers the checkout only
    const way = await flow.openPayment(borrower, { orderId: flow.orderIn(borrower, OrderStatus.DueSoon).orderId });
    expect(way.bankCards).toEqual([]);
    expect(way.alipay).toBe(1);
  });
});
