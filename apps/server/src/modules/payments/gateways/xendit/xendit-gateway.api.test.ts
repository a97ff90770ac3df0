/**
 * Xendit for Indonesia against a local server replaying its documented exchanges (fixed virtual
 * accounts, retail outlet payment codes, invoices), and its callbacks through the real
 * `POST /webhooks/payments/xendit` route into the ledger.
 */
import { Market, OrderStatus, ResultCode } from '@kilat/contract';
import { idID } from '@kilat/contract/texts/id-ID';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { XenditSettings } from '../../../../config.js';
import { payments } from '../../../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, testConfig, useTestApp } from '../../../../test/app.js';
import { cardFlow, type FreshBorrower, TestCards } from '../../../../test/card-flow.js';
import { basicAuth, type ReceivedRequest, type ReplayServer, startReplayServer } from '../../../../test/replay-server.js';
import { RECONCILE_AFTER_MS, RECONCILIATION_JOB } from '../../reconciliation.js';
import {
  fixedPaymentCode,
  fixedPaymentCodeUpdated,
  fixedVirtualAccount,
  fixedVirtualAccountUpdated,
  invoice,
  invoiceCallback,
  paymentCodePaid,
  paymentCodePayments,
  virtualAccountPaid,
  virtualAccountUpdated,
  xenditError,
} from './xendit-exchanges.js';
import { XENDIT_TOKEN_HEADER, XenditGateway } from './xendit-gateway.js';

const SECRET_KEY = 'xnd_development_P0ZBGDJ0tGhZVeQn7Hb1Nc5Vd8Fg3Js6';
const CALLBACK_TOKEN = 'MuaJALKJSDK12LASHDJKAJSHDJKAJSHDjkasdjhakjsdhakjsdhkjashd';
const PUBLIC_BASE_URL = 'https://kilat.example';

type Account = ReturnType<typeof fixedVirtualAccount>;
type Code = ReturnType<typeof fixedPaymentCode>;
type Invoice = ReturnType<typeof invoice>;

/** What Xendit has made, by id, as the replay server keeps it. */
const accounts = new Map<string, Account>();
const codes = new Map<string, Code>();
const invoices = new Map<string, Invoice>();
const invoiceStatus = new Map<string, 'PENDING' | 'PAID' | 'SETTLED' | 'EXPIRED'>();
const codePaid = new Set<string>();
/** accounts whose update Xendit refuses, as it does one that cannot be found */
const refusedUpdates = new Set<string>();
let seq = 0;
const nextId = () => `6568a0${String(++seq).padStart(18, '0')}`;

const xenditApi = (request: ReceivedRequest) => {
  // the fields of the request, echoed as Xendit echoes them
  const body = request.body ?? {};
  if (request.method === 'POST' && request.path === '/callback_virtual_accounts') {
    const account = fixedVirtualAccount({
      ...(body as Parameters<typeof fixedVirtualAccount>[0]),
      id: nextId(),
      account_number: `88608${String(seq).padStart(11, '0')}`,
    });
    accounts.set(account.id, account);
    return { status: 200, body: account };
  }
  if (request.method === 'POST' && request.path === '/fixed_payment_code') {
    const code = fixedPaymentCode({
      ...(body as Parameters<typeof fixedPaymentCode>[0]),
      id: nextId(),
      payment_code: `TEST${String(seq).padStart(8, '0')}`,
    });
    codes.set(code.id, code);
    return { status: 200, body: code };
  }
  if (request.method === 'POST' && request.path === '/v2/invoices') {
    const created = invoice({ ...(body as Parameters<typeof invoice>[0]), id: nextId(), expiry_date: '2026-11-24T02:16:50.099Z' });
    invoices.set(created.id, created);
    return { status: 200, body: created };
  }
  const [, kind, id, rest] =
    /^\/(v2\/invoices|fixed_payment_code|callback_virtual_accounts)\/([^/]+)(\/payments)?$/.exec(request.path) ?? [];
  if (request.method === 'GET' && kind === 'v2/invoices' && invoices.has(id!)) {
    return { status: 200, body: invoice(invoices.get(id!)!, invoiceStatus.get(id!) ?? 'PENDING') };
  }
  if (request.method === 'GET' && kind === 'fixed_payment_code' && rest && codes.has(id!)) {
    const code = codes.get(id!)!;
    return {
      status: 200,
      body: paymentCodePayments(code, codePaid.has(id!) ? { amount: code.expected_amount, paymentId: `pay${id}` } : null),
    };
  }
  // an expiration moved (issue 48): the account or code comes back with it
  if (request.method === 'PATCH' && kind === 'callback_virtual_accounts' && !rest && accounts.has(id!) && !refusedUpdates.has(id!)) {
    const updated = fixedVirtualAccountUpdated(accounts.get(id!)!, String(body.expiration_date));
    accounts.set(id!, updated);
    return { status: 200, body: updated };
  }
  if (request.method === 'PATCH' && kind === 'fixed_payment_code' && !rest && codes.has(id!)) {
    const updated = fixedPaymentCodeUpdated(codes.get(id!)!, String(body.expiration_date));
    codes.set(id!, updated);
    return { status: 200, body: updated };
  }
  if (request.method === 'GET' && kind === 'callback_virtual_accounts' && accounts.has(id!))
    return { status: 200, body: accounts.get(id!)! };
  if (kind === 'v2/invoices') return xenditError(404, 'INVOICE_NOT_FOUND_ERROR', 'Could not find invoice by id');
  return xenditError(404, 'DATA_NOT_FOUND', 'Could not find the requested resource');
};

let xendit: ReplayServer;
let settings: XenditSettings;

beforeAll(async () => {
  xendit = await startReplayServer(xenditApi);
  settings = {
    secretKey: SECRET_KEY,
    callbackToken: CALLBACK_TOKEN,
    apiBase: xendit.baseUrl,
    publicBaseUrl: PUBLIC_BASE_URL,
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
    headers: { 'content-type': 'application/json', ...(token ? { [XENDIT_TOKEN_HEADER]: token } : {}) },
  });

/** Rp 100.000 in sen. */
const AMOUNT = 10_000_000;

const generate = (borrower: FreshBorrower, fields: Record<string, string>) => {
  const order = flow.orderIn(borrower, OrderStatus.DueSoon);
  return call(t.app, 'generateVirtualAccount', {
    session: borrower,
    body: {
      productId: order.productId,
      orderId: order.orderId,
      amount: String(AMOUNT),
      payCode: 'BCA',
      pay_type: '1',
      specific_num: 'ATM',
      is_default: '1',
      is_display: '1',
      ...fields,
    },
  });
};

describe('Xendit fixed virtual accounts', () => {
  it('opens a closed single-use account for exactly the amount in rupiah, with Basic auth of the secret key', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const response = await generate(borrower, {});
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    const request = xendit.received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/callback_virtual_accounts');
    expect(request.authorization).toBe(basicAuth(SECRET_KEY, ''));
    expect(request.body).toMatchObject({
      external_id: data.cardNo,
      bank_code: 'BCA',
      name: 'Kilat',
      is_closed: true,
      is_single_use: true,
      expected_amount: AMOUNT / 100,
    });
    const payment = await paymentOf(data.cardNo);
    expect(new Date(request.body!.expiration_date as string).getTime()).toBe(payment.expiresAt!.getTime());
    const account = [...accounts.values()].at(-1)!;
    expect(data.vcode).toBe(account.account_number);
    expect(payment).toMatchObject({
      gateway: 'xendit',
      method: 'virtual_account',
      status: 'submitted',
      gatewayRef: account.id,
      amountMinor: AMOUNT,
    });
    // the development pay button plays the sandbox's bank only: a Xendit account is paid at the bank
    const devPay = await t.app.inject({ method: 'POST', url: '/dev/payments/pay', payload: { vcode: data.vcode } });
    expect(devPay.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/payments' })).body).not.toContain(data.vcode);
  });

  it('posts the paid callback to the ledger once; its redelivery and an account-updated notice change nothing', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const data = (await generate(borrower, {})).json().data;
    const account = [...accounts.values()].at(-1)!;

    const updated = await callback(virtualAccountUpdated(account));
    expect(updated.statusCode).toBe(200);
    expect(await paymentOf(data.cardNo)).toMatchObject({ status: 'submitted' });

    const paid = virtualAccountPaid(account, AMOUNT / 100, '6568a9f8e2b1d80014f7c0a1');
    const first = await callback(paid);
    expect(first.statusCode, first.body).toBe(200);
    expect(await paymentOf(data.cardNo)).toMatchObject({ status: 'paid' });
    const rows = await flow.repaymentRows(order.orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountMinor).toBe(AMOUNT);

    expect((await callback(paid)).statusCode).toBe(200);
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
  });

  it('refuses a callback without the x-callback-token or with another, posting nothing', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const data = (await generate(borrower, {})).json().data;
    const paid = virtualAccountPaid([...accounts.values()].at(-1)!, AMOUNT / 100, '6568a9f8e2b1d80014f7c0b2');
    for (const token of ['', 'not-the-token', CALLBACK_TOKEN.slice(0, -1), `${CALLBACK_TOKEN}x`]) {
      const refused = await callback(paid, token);
      expect(refused.statusCode, token).toBe(401);
      expect(refused.json().code).toBe(ResultCode.Unauthenticated);
    }
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
    expect(await paymentOf(data.cardNo)).toMatchObject({ status: 'submitted' });
  });

  it('closes the open account of another bank by moving its expiration to now before opening the new one (issue 48)', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const first = (await generate(borrower, {})).json().data;
    const firstAccount = [...accounts.values()].at(-1)!;
    const before = xendit.received.length;
    const second = await generate(borrower, { payCode: 'BNI' });
    expect(second.statusCode, second.body).toBe(200);
    const [close, open] = xendit.received.slice(before);
    expect(close).toMatchObject({
      method: 'PATCH',
      path: `/callback_virtual_accounts/${firstAccount.id}`,
      authorization: basicAuth(SECRET_KEY, ''),
    });
    expect(Object.keys(close!.body!)).toEqual(['expiration_date']);
    expect(new Date(String(close!.body!.expiration_date)).getTime()).toBe(t.clock.now().getTime());
    expect(open).toMatchObject({ method: 'POST', path: '/callback_virtual_accounts' });
    expect(open!.body).toMatchObject({ bank_code: 'BNI' });
    expect(await paymentOf(first.cardNo)).toMatchObject({ status: 'expired', failureReason: 'replaced' });
    expect(await paymentOf(second.json().data.cardNo)).toMatchObject({ status: 'submitted' });
    // the same bank again keeps the code it has
    const again = await generate(borrower, { payCode: 'BNI' });
    expect(again.json().data.vcode).toBe(second.json().data.vcode);
    expect(xendit.received.length).toBe(before + 2);
  });

  it('keeps the open account and opens none when Xendit refuses to close it', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const first = (await generate(borrower, {})).json().data;
    refusedUpdates.add([...accounts.values()].at(-1)!.id);
    const before = await paymentCount();
    const refused = await generate(borrower, { payCode: 'BNI' });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(xendit.received.at(-1)!.method).toBe('PATCH');
    expect(await paymentOf(first.cardNo)).toMatchObject({ status: 'submitted' });
    expect(await paymentCount()).toBe(before);
  });

  it('refuses an amount with sen before asking Xendit, keeping nothing', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const before = await paymentCount();
    const requests = xendit.received.length;
    const refused = await generate(borrower, { amount: String(AMOUNT + 50) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: ResultCode.InvalidRequest, message: idID.amountNotWholeRupiah, data: null });
    expect(xendit.received.length).toBe(requests);
    expect(await paymentCount()).toBe(before);
  });
});

describe('Xendit retail outlets (fixed payment codes)', () => {
  it('opens a single-use Alfamart code and posts its paid callback once; the lookup then sees the payment', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const response = await generate(borrower, { pay_type: '2', payCode: 'ALFAMART', specific_num: '' });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    const request = xendit.received.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/fixed_payment_code', authorization: basicAuth(SECRET_KEY, '') });
    expect(request.body).toMatchObject({
      external_id: data.cardNo,
      retail_outlet_name: 'ALFAMART',
      name: 'Kilat',
      expected_amount: AMOUNT / 100,
      is_single_use: true,
    });
    const code = [...codes.values()].at(-1)!;
    expect(data.vcode).toBe(code.payment_code);

    const gateway = new XenditGateway(settings);
    const lookup = () => gateway.lookupPayment({ paymentRef: data.cardNo, gatewayRef: code.id, method: 'mini_market' });
    expect(await lookup()).toBe('pending');
    expect(xendit.received.at(-1)!.path).toBe(`/fixed_payment_code/${code.id}/payments`);

    const paid = paymentCodePaid(code, AMOUNT / 100, '6568aa10e2b1d80014f7c0c3');
    expect((await callback(paid)).statusCode).toBe(200);
    expect((await callback(paid)).statusCode).toBe(200);
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
    expect(await paymentOf(data.cardNo)).toMatchObject({ status: 'paid' });
    codePaid.add(code.id);
    expect(await lookup()).toBe('succeeded');
  });

  it('closes an open Alfamart code by moving its expiration to now when Indomaret is chosen instead (issue 48)', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const first = (await generate(borrower, { pay_type: '2', payCode: 'ALFAMART', specific_num: '' })).json().data;
    const code = [...codes.values()].at(-1)!;
    const second = await generate(borrower, { pay_type: '2', payCode: 'INDOMARET', specific_num: '' });
    expect(second.statusCode, second.body).toBe(200);
    const close = xendit.received.at(-2)!;
    expect(close).toMatchObject({ method: 'PATCH', path: `/fixed_payment_code/${code.id}` });
    expect(close.body).toEqual({ expiration_date: t.clock.now().toISOString() });
    expect(codes.get(code.id)!.expiration_date).toBe(t.clock.now().toISOString());
    expect(await paymentOf(first.cardNo)).toMatchObject({ status: 'expired' });
  });
});

describe('Xendit invoices (the hosted checkout)', () => {
  it('opens an invoice in rupiah that sends the borrower back to borrow detail; PAID posts once, SETTLED changes nothing', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const started = await call(t.app, 'repaymentCheckout', {
      session: borrower,
      body: { userId: borrower.userId, orderId: order.orderId, amount: String(AMOUNT) },
    });
    expect(started.statusCode, started.body).toBe(200);
    const request = xendit.received.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/invoices', authorization: basicAuth(SECRET_KEY, '') });
    const created = [...invoices.values()].at(-1)!;
    const back = `${PUBLIC_BASE_URL}/pay/back?productId=${order.productId}&orderId=${order.orderId}&paymentId=${created.external_id}`;
    expect(request.body).toMatchObject({ amount: AMOUNT / 100, currency: 'IDR', success_redirect_url: back, failure_redirect_url: back });
    expect(request.body!.invoice_duration).toBeGreaterThan(0);
    expect(started.json().data.url).toBe(created.invoice_url);
    const payment = await paymentOf(created.external_id);
    expect(payment).toMatchObject({ gateway: 'xendit', method: 'checkout', gatewayRef: created.id, amountMinor: AMOUNT });

    expect((await callback(invoiceCallback(created, 'PAID'))).statusCode).toBe(200);
    expect((await callback(invoiceCallback(created, 'SETTLED'))).statusCode).toBe(200);
    expect((await callback(invoiceCallback(created, 'PAID'))).statusCode).toBe(200);
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
    expect(await paymentOf(created.external_id)).toMatchObject({ status: 'paid' });
  });

  it('closes the payment on an EXPIRED invoice', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    await call(t.app, 'repaymentCheckout', {
      session: borrower,
      body: { userId: borrower.userId, orderId: order.orderId, amount: String(AMOUNT) },
    });
    const created = [...invoices.values()].at(-1)!;
    expect((await callback(invoiceCallback(created, 'EXPIRED'))).statusCode).toBe(200);
    expect(await paymentOf(created.external_id)).toMatchObject({ status: 'expired' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(0);
  });

  it('looks an invoice up: PENDING is pending, PAID succeeded, EXPIRED failed, an unknown one not found', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    await call(t.app, 'repaymentCheckout', {
      session: borrower,
      body: { userId: borrower.userId, orderId: order.orderId, amount: String(AMOUNT) },
    });
    const created = [...invoices.values()].at(-1)!;
    const gateway = new XenditGateway(settings);
    const lookup = (gatewayRef: string | null) =>
      gateway.lookupPayment({ paymentRef: created.external_id, gatewayRef, method: 'checkout' });
    expect(await lookup(created.id)).toBe('pending');
    expect(xendit.received.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v2/invoices/${created.id}`,
      authorization: basicAuth(SECRET_KEY, ''),
    });
    invoiceStatus.set(created.id, 'PAID');
    expect(await lookup(created.id)).toBe('succeeded');
    invoiceStatus.set(created.id, 'EXPIRED');
    expect(await lookup(created.id)).toBe('failed');
    expect(await lookup('6568ffffffffffffffffffff')).toBe('not_found');
    expect(await lookup(null)).toBe('not_found');
  });
});

describe('reconciliation with Xendit', () => {
  it('asks about an invoice whose callback never came: still PENDING stays open, PAID is posted once', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    await call(t.app, 'repaymentCheckout', {
      session: borrower,
      body: { userId: borrower.userId, orderId: order.orderId, amount: String(AMOUNT) },
    });
    const created = [...invoices.values()].at(-1)!;

    t.clock.advance(RECONCILE_AFTER_MS + 60_000);
    await t.app.jobs.runNow(RECONCILIATION_JOB);
    expect(xendit.received.some((request) => request.method === 'GET' && request.path === `/v2/invoices/${created.id}`)).toBe(true);
    expect(await paymentOf(created.external_id)).toMatchObject({ status: 'submitted' });

    invoiceStatus.set(created.id, 'PAID');
    t.clock.advance(RECONCILE_AFTER_MS + 60_000);
    await t.app.jobs.runNow(RECONCILIATION_JOB);
    expect(await paymentOf(created.external_id)).toMatchObject({ status: 'paid' });
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
    // the callback arriving late finds it paid
    expect((await callback(invoiceCallback(created, 'PAID'))).statusCode).toBe(200);
    expect(await flow.repaymentRows(order.orderId)).toHaveLength(1);
  });
});

describe('cards with Xendit', () => {
  it("refuses to bind a card number in the borrower's language: cards are paid on the invoice page", async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const requests = xendit.received.length;
    const refused = await flow.bindCard(borrower, TestCards.withCode);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ code: ResultCode.InvalidRequest, message: idID.cardPaymentOnCheckout, data: null });
    expect(xendit.received.length).toBe(requests);
  });
});
