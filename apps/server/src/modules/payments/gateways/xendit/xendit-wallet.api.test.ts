/**
 * Xendit's e-wallets and QRIS (issue 51, decision 241) against a local server replaying its
 * documented exchanges (xendit-wallet-exchanges.ts), and their callbacks through the real
 * `POST /webhooks/payments/xendit` route into the ledger.
 */
import { Market, OrderStatus, ResultCode } from '@kilat/contract';
import { idID } from '@kilat/contract/texts/id-ID';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { XenditSettings } from '../../../../config.js';
import { payments } from '../../../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, testConfig, useTestApp } from '../../../../test/app.js';
import { cardFlow } from '../../../../test/card-flow.js';
import { basicAuth, type ReceivedRequest, type ReplayServer, startReplayServer } from '../../../../test/replay-server.js';
import { xenditError } from './xendit-exchanges.js';
import { XENDIT_TOKEN_HEADER, XenditGateway } from './xendit-gateway.js';
import { type ChargeFields, ewalletCapture, ewalletCharge, type QrFields, qrCode, qrPayment } from './xendit-wallet-exchanges.js';

const SECRET_KEY = 'xnd_development_P0ZBGDJ0tGhZVeQn7Hb1Nc5Vd8Fg3Js6';
const CALLBACK_TOKEN = 'MuaJALKJSDK12LASHDJKAJSHDJKAJSHDjkasdjhakjsdhakjsdhkjashd';

/** What Xendit has made, by id, as the replay server keeps it. */
const charges = new Map<string, ChargeFields>();
const codes = new Map<string, QrFields>();
const chargeStatus = new Map<string, 'PENDING' | 'SUCCEEDED' | 'FAILED'>();
let seq = 0;

/** Xendit's e-wallet charges and QR codes APIs as documented. */
const xenditApi = (request: ReceivedRequest) => {
  const body = request.body as Record<string, unknown>;
  if (request.method === 'POST' && request.path === '/ewallets/charges') {
    const charge: ChargeFields = {
      id: `ewc_8c0a48ab-dad1-45f9-b57b-${String(++seq).padStart(12, '0')}`,
      reference_id: body.reference_id as string,
      amount: body.amount as number,
      channel_code: body.channel_code as string,
      channel_properties: body.channel_properties as Record<string, string>,
    };
    charges.set(charge.id, charge);
    return { status: 200, body: ewalletCharge(charge) };
  }
  const charge = /^\/ewallets\/charges\/([^/]+)$/.exec(request.path);
  if (request.method === 'GET' && charge) {
    const found = charges.get(decodeURIComponent(charge[1]!));
    return found
      ? { status: 200, body: ewalletCharge(found, chargeStatus.get(found.id) ?? 'PENDING') }
      : xenditError(404, 'DATA_NOT_FOUND', 'Charge not found');
  }
  if (request.method === 'POST' && request.path === '/qr_codes') {
    if (request.headers['api-version'] !== '2022-07-31') return xenditError(400, 'API_VALIDATION_ERROR', 'api-version');
    const qr: QrFields = {
      id: `qr_61cb3576-3a25-4d35-8d15-${String(++seq).padStart(12, '0')}`,
      reference_id: body.reference_id as string,
      amount: body.amount as number,
      expires_at: body.expires_at as string,
    };
    codes.set(qr.id, qr);
    return { status: 201, body: qrCode(qr) };
  }
  return xenditError(404, 'NOT_FOUND', 'The requested resource was not found');
};

let xendit: ReplayServer;
let settings: XenditSettings;

beforeAll(async () => {
  xendit = await startReplayServer(xenditApi);
  settings = {
    secretKey: SECRET_KEY,
    callbackToken: CALLBACK_TOKEN,
    apiBase: xendit.baseUrl,
    publicBaseUrl: 'https://kilat.example',
    merchantName: 'Kilat',
  };
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await xendit?.close();
}, SETUP_TIMEOUT_MS);
const t = useTestApp(() => ({
  config: { payments: { ...testConfig().payments, gateways: { IN: 'sandbox', ID: 'xendit' }, xendit: settings } },
}));
const flow = cardFlow(t);

const paymentCount = async () => (await t.database.db.select({ n: count() }).from(payments))[0]!.n;
const paymentOf = async (publicId: string) => (await t.database.db.select().from(payments).where(eq(payments.publicId, publicId)))[0]!;
const callback = (body: unknown, token = CALLBACK_TOKEN) =>
  t.app.inject({
    method: 'POST',
    url: '/webhooks/payments/xendit',
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json', [XENDIT_TOKEN_HEADER]: token },
  });

/** Rp 100.000 in sen. */
const AMOUNT = 10_000_000;

const openWallet = async (channel: string, extra: Record<string, string> = {}) => {
  const borrower = await flow.freshBorrower(Market.Indonesia);
  const order = flow.orderIn(borrower, OrderStatus.DueSoon);
  const opened = await call(t.app, 'walletPayment', {
    session: borrower,
    body: { orderId: order.orderId, amount: String(AMOUNT), channel, ...extra },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return { borrower, order, data: opened.json().data, request: xendit.received.at(-1)! };
};

describe('Xendit e-wallet charges (POST /ewallets/charges)', () => {
  it('charges DANA once for the whole rupiah, back to the payment result, and answers the wallet’s page', async () => {
    const { order, data, request } = await openWallet('DANA');
    expect(request).toMatchObject({ method: 'POST', path: '/ewallets/charges', authorization: basicAuth(SECRET_KEY, '') });
    expect(request.body).toMatchObject({
      reference_id: data.paymentId,
      currency: 'IDR',
      amount: AMOUNT / 100,
      checkout_method: 'ONE_TIME_PAYMENT',
      channel_code: 'ID_DANA',
      channel_properties: {
        success_redirect_url: `https://kilat.example/pay/back?productId=${order.productId}&orderId=${order.orderId}&paymentId=${data.paymentId}`,
      },
    });
    const charge = charges.get([...charges.keys()].at(-1)!)!;
    expect(data.checkoutUrl).toBe(ewalletCharge(charge).actions!.mobile_web_checkout_url);
    expect(await paymentOf(data.paymentId)).toMatchObject({
      gateway: 'xendit',
      method: 'ewallet',
      gatewayRef: charge.id,
      status: 'submitted',
    });
  });

  it('asks OVO by the borrower’s number in E.164 (a push, no page), and ShopeePay by its app’s deep link', async () => {
    const ovo = await openWallet('OVO', { mobileNumber: '081234567890' });
    expect(ovo.request.body).toMatchObject({ channel_code: 'ID_OVO', channel_properties: { mobile_number: '+6281234567890' } });
    expect(ovo.data.checkoutUrl).toBe('');
    const shopee = await openWallet('SHOPEEPAY');
    expect(shopee.request.body).toMatchObject({ channel_code: 'ID_SHOPEEPAY' });
    expect(shopee.data.checkoutUrl).toMatch(/^https:\/\/deeplink\.shopeepay\.co\.id\//);
  });

  it('keeps nothing when Xendit refuses the charge', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const before = await paymentCount();
    xendit.answer(() => xenditError(403, 'CHANNEL_NOT_ACTIVATED', 'Payment channel is not activated'));
    try {
      const refused = await call(t.app, 'walletPayment', {
        session: borrower,
        body: { orderId: order.orderId, amount: String(AMOUNT), channel: 'LINKAJA' },
      });
      expect(refused.json().code).toBe(ResultCode.Internal);
    } finally {
      xendit.answer(xenditApi);
    }
    expect(await paymentCount()).toBe(before);
  });

  it('refuses an amount with sen before Xendit is asked', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const requests = xendit.received.length;
    const refused = await call(t.app, 'walletPayment', {
      session: borrower,
      body: { orderId: order.orderId, amount: String(AMOUNT + 50), channel: 'DANA' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(idID.amountNotWholeRupiah);
    expect(xendit.received.length).toBe(requests);
  });

  it('posts ewallet.capture SUCCEEDED once in sen, fails the payment on FAILED, and refuses a wrong callback token', async () => {
    const paid = await openWallet('DANA');
    const charge = charges.get((await paymentOf(paid.data.paymentId)).gatewayRef!)!;
    expect((await callback(ewalletCapture(charge, 'SUCCEEDED'), 'another-token')).statusCode).toBe(401);
    expect((await callback(ewalletCapture(charge, 'SUCCEEDED'))).statusCode).toBe(200);
    expect((await callback(ewalletCapture(charge, 'SUCCEEDED'))).statusCode).toBe(200);
    expect(await paymentOf(paid.data.paymentId)).toMatchObject({ status: 'paid' });
    const rows = await flow.repaymentRows(paid.order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountMinor).toBe(AMOUNT);

    const declined = await openWallet('OVO', { mobileNumber: '081234567890' });
    const declinedCharge = charges.get((await paymentOf(declined.data.paymentId)).gatewayRef!)!;
    expect((await callback(ewalletCapture(declinedCharge, 'FAILED'))).statusCode).toBe(200);
    expect(await paymentOf(declined.data.paymentId)).toMatchObject({ status: 'failed', failureReason: 'USER_DECLINED_THE_TRANSACTION' });
    expect(await flow.repaymentRows(declined.order.orderId)).toHaveLength(0);
  });

  it('looks a charge up (GET /ewallets/charges/:id): pending, succeeded, failed, not found', async () => {
    const gateway = new XenditGateway(settings);
    const { data } = await openWallet('DANA');
    const ref = (await paymentOf(data.paymentId)).gatewayRef!;
    const lookup = (gatewayRef: string) => gateway.lookupPayment({ paymentRef: data.paymentId, gatewayRef, method: 'ewallet' });
    expect(await lookup(ref)).toBe('pending');
    expect(xendit.received.at(-1)).toMatchObject({ method: 'GET', path: `/ewallets/charges/${ref}` });
    chargeStatus.set(ref, 'SUCCEEDED');
    expect(await lookup(ref)).toBe('succeeded');
    chargeStatus.set(ref, 'FAILED');
    expect(await lookup(ref)).toBe('failed');
    expect(await lookup('ewc_does-not-exist')).toBe('not_found');
  });
});

describe('Xendit QRIS (POST /qr_codes, api-version 2022-07-31)', () => {
  it('creates a dynamic QRIS code for the whole rupiah until our expiry, and draws its qr_string', async () => {
    const { data, request } = await openWallet('QRIS');
    expect(request).toMatchObject({ method: 'POST', path: '/qr_codes', authorization: basicAuth(SECRET_KEY, '') });
    expect(request.headers['api-version']).toBe('2022-07-31');
    const row = await paymentOf(data.paymentId);
    expect(request.body).toMatchObject({ reference_id: data.paymentId, type: 'DYNAMIC', currency: 'IDR', amount: AMOUNT / 100 });
    expect(request.body!.expires_at).toBe(row.expiresAt!.toISOString());
    const qr = codes.get(row.gatewayRef!)!;
    expect(row).toMatchObject({ method: 'qris', vcode: qrCode(qr).qr_string, status: 'submitted' });
    expect(data.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('posts qr.payment once in sen, and never one of another amount', async () => {
    const { order, data } = await openWallet('QRIS');
    const qr = codes.get((await paymentOf(data.paymentId)).gatewayRef!)!;
    expect((await callback(qrPayment(qr, 'qrpy_odd-amount-000001', qr.amount + 1))).statusCode).toBe(200);
    expect(await paymentOf(data.paymentId)).toMatchObject({ status: 'submitted' });
    const event = qrPayment(qr, 'qrpy_paid-once-000001');
    expect((await callback(event)).statusCode).toBe(200);
    expect((await callback(event)).statusCode).toBe(200);
    expect(await paymentOf(data.paymentId)).toMatchObject({ status: 'paid' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
  });
});
