/**
 * Indonesia's e-wallets and QRIS (issue 51, decision 241) through the sandbox gateway: one charge or
 * code for exactly the amount, paid only by the signed webhook, posted once through the one
 * waterfall, never for more than is owed, and switching method closes what the borrower held before.
 */
import { Limits, Market, OrderStatus } from '@kilat/contract';
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
const openWallet = (
  session: Session,
  orderId: string,
  amount: number,
  channel: string,
  extra: Record<string, string> = {},
  market = 'ID',
) => call(t.app, 'walletPayment', { session, query: { market }, body: { orderId, amount: String(amount), channel, ...extra } });
const resultOf = async (session: Session, orderId: string, paymentId: string) =>
  (await call(t.app, 'paymentResult', { session, body: { orderId, paymentId } })).json().data;
const paymentRow = async (publicId: string) => (await t.database.db.select().from(payments).where(eq(payments.publicId, publicId)))[0]!;
/** The sandbox's wallet app pays the charge or code from a payer that picks the outcome (docs/sandboxes.md). */
const payAs = async (paymentId: string, payer: string) =>
  t.app.inject({ method: 'POST', url: '/dev/payments/pay', payload: { vcode: (await paymentRow(paymentId)).vcode!, payer } });
const postingsOf = async (orderId: string) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, Number(orderId)), eq(ledgerEntries.kind, 'repayment')));

/** A whole-rupiah part of what is owed: Xendit takes whole rupiah. */
const wholeRupiah = (minor: number) => Math.floor(minor / 100) * 100;

describe('pay-by-wallet: QRIS (issue 51)', () => {
  it('opens a QRIS code for exactly the amount with its expiry in WIB, paid only by the webhook and posted once', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const order = dueSoon(session);
    const amount = await payoffOf(t, order.orderId);
    const opened = await openWallet(session, order.orderId, amount, 'QRIS');
    expect(opened.statusCode, opened.body).toBe(200);
    const data = opened.json().data;
    expect(data).toMatchObject({ amount, channel: 'QRIS', checkoutUrl: '' });
    expect(data.qrImage).toMatch(/^data:image\/svg\+xml;base64,/);
    const row = await paymentRow(data.paymentId);
    expect(row).toMatchObject({ method: 'qris', status: 'submitted', payCode: 'QRIS', amountMinor: amount });
    expect(row.expiresAt!.getTime() - t.clock.now().getTime()).toBe(Limits.walletCodeTtlMinutes * 60_000);
    // WIB is UTC+7: the expiry is written in the market's time
    const wib = new Date(row.expiresAt!.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(data.expiryTime.replace(/\s/g, ' ')).toBe(wib);
    expect(await postingsOf(order.orderId)).toHaveLength(0);

    expect((await payAs(data.paymentId, 'success')).statusCode).toBe(200);
    expect(await resultOf(session, order.orderId, data.paymentId)).toMatchObject({ outcome: 'paid', method: 'qris', settled: 1 });
    expect(await outstandingOf(order.orderId)).toBe(0);
    expect(await postingsOf(order.orderId)).toHaveLength(1);
  });
});

describe('pay-by-wallet: e-wallets (issue 51)', () => {
  it('charges DANA for the amount, stays pending while the wallet has not answered, then is paid', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const order = dueSoon(session);
    const part = wholeRupiah(Math.floor((await outstandingOf(order.orderId)) / 3));
    const data = (await openWallet(session, order.orderId, part, 'DANA')).json().data;
    expect(data).toMatchObject({ channel: 'DANA', amount: part, qrImage: '' });
    expect(await paymentRow(data.paymentId)).toMatchObject({ method: 'ewallet', payCode: 'DANA', status: 'submitted' });

    expect((await payAs(data.paymentId, 'pending')).statusCode).toBe(200);
    expect((await resultOf(session, order.orderId, data.paymentId)).outcome).toBe('pending');
    expect((await payAs(data.paymentId, 'success')).statusCode).toBe(200);
    expect(await resultOf(session, order.orderId, data.paymentId)).toMatchObject({ outcome: 'paid', methodDetail: 'DANA', settled: 0 });
    expect(await postingsOf(order.orderId)).toHaveLength(1);
  });

  it('fails an OVO charge the borrower declines, posting nothing, and asks OVO only for an Indonesian mobile number', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const order = dueSoon(session);
    const owed = await outstandingOf(order.orderId);
    const refused = await openWallet(session, order.orderId, wholeRupiah(owed / 2), 'OVO', { mobileNumber: '12345' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(idID.disbursalWalletPhoneInvalid);

    const data = (await openWallet(session, order.orderId, wholeRupiah(owed / 2), 'OVO', { mobileNumber: '0812 3456 7890' })).json().data;
    expect(data).toMatchObject({ channel: 'OVO', checkoutUrl: '' });
    expect((await payAs(data.paymentId, 'failure')).statusCode).toBe(200);
    expect((await resultOf(session, order.orderId, data.paymentId)).outcome).toBe('failed');
    expect(await postingsOf(order.orderId)).toHaveLength(0);
    expect(await outstandingOf(order.orderId)).toBe(owed);
  });

  it('closes the charge or code the borrower held when they switch method: a virtual account, then QRIS, then ShopeePay', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const order = dueSoon(session);
    const amount = wholeRupiah(await payoffOf(t, order.orderId));
    const va = await call(t.app, 'generateVirtualAccount', {
      session,
      body: {
        orderId: order.orderId,
        productId: order.productId,
        amount: String(amount),
        payCode: 'BCA',
        pay_type: '1',
        specific_num: 'ATM',
        is_default: '1',
        is_display: '1',
      },
    });
    expect(va.statusCode, va.body).toBe(200);
    const vaId = va.json().data.cardNo;
    const qris = (await openWallet(session, order.orderId, amount, 'QRIS')).json().data;
    expect((await paymentRow(vaId)).status).toBe('expired');
    const shopee = (await openWallet(session, order.orderId, amount, 'SHOPEEPAY')).json().data;
    expect((await paymentRow(qris.paymentId)).status).toBe('expired');
    // the closed ones take nothing: only the code the borrower holds now can be paid
    expect((await payAs(qris.paymentId, 'success')).statusCode).toBe(404);
    expect((await payAs(shopee.paymentId, 'success')).statusCode).toBe(200);
    expect(await postingsOf(order.orderId)).toHaveLength(1);
  });

  it('refuses more than is owed today, an unknown wallet, and India', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const order = dueSoon(session);
    const payoff = await payoffOf(t, order.orderId);
    const tooMuch = await openWallet(session, order.orderId, payoff + 100, 'QRIS');
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain(idID.repayAmountTooLarge.split(' (')[0]!);
    expect((await openWallet(session, order.orderId, 10_000, 'GOPAY')).statusCode).toBe(400);
    const india = await freshBorrower(Market.India);
    const refused = await openWallet(india, dueSoon(india).orderId, 10_000, 'DANA', {}, 'IN');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(enIN.paymentMethodUnavailable);
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, Number(order.orderId))),
    ).toHaveLength(0);
  });
});
