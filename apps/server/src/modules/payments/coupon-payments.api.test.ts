/**
 * Issue 50, decision 271: a coupon on every way to repay besides the card — a virtual account and a
 * mini-market code (Indonesia), the hosted checkout and UPI (India), QRIS and e-wallets (Indonesia).
 * The server computes what it takes off (the page's couponMoney is ignored); the code holds it while
 * open and frees it when closed, replaced, expired, failed or cancelled; a paid one posts its
 * discount row and uses it once, however many openings race.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { coupons, ledgerEntries, payments } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';
import { cardFlow, type FreshBorrower } from '../../test/card-flow.js';
import { payoffOf } from '../../test/payoff.js';
import { insertCampaign } from '../coupons/repository.js';

const t = useTestApp();
const flow = cardFlow(t);

/** Rs 50 / Rp 50 off the fee and interest a repayment pays. */
const OFF = 5_000;

/** An amount-off coupon of the borrower's market issued to them; answers its public id. */
const couponFor = async (borrower: FreshBorrower, overrides: { minAmountMinor?: number } = {}): Promise<string> => {
  const campaign = await insertCampaign(t.database.db, {
    market: borrower.market,
    name: `Coupon ${borrower.userId}`,
    kind: 'amount_off',
    value: OFF,
    audience: 'list',
    validFrom: null,
    validTo: null,
    validDays: 30,
    minAmountMinor: overrides.minAmountMinor ?? 0,
    budgetMinor: 100_000_000,
    createdBy: null,
  });
  expect(await t.app.coupons.issue(t.database.db, campaign, [Number(borrower.userId)])).toBe(1);
  return (await couponsOf(borrower)).find((coupon) => coupon.status === 'usable')!.couponId;
};

const couponsOf = async (borrower: FreshBorrower): Promise<{ couponId: string; status: string }[]> =>
  (await call(t.app, 'coupons', { session: borrower, query: { market: borrower.market }, body: {} })).json().data.list;
const statusOf = async (borrower: FreshBorrower, couponId: string) =>
  (await couponsOf(borrower)).find((coupon) => coupon.couponId === couponId)!.status;

const dueSoon = (borrower: FreshBorrower) => flow.orderIn(borrower, OrderStatus.DueSoon);
const outstandingOf = async (orderId: string) => {
  const order = (await t.app.orders.repository.findById(Number(orderId)))!;
  return (await t.app.orders.withStatus(order)).facts.position.outstandingMinor;
};
const rowsOf = (orderId: string, kind: 'coupon_discount' | 'repayment') =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, Number(orderId)), eq(ledgerEntries.kind, kind)));
const paymentRow = async (publicId: string) => (await t.database.db.select().from(payments).where(eq(payments.publicId, publicId)))[0]!;
const paymentCount = async () => (await t.database.db.select({ n: count() }).from(payments))[0]!.n;
const devPay = (vcode: string, payer?: string) =>
  t.app.inject({ method: 'POST', url: '/dev/payments/pay', payload: payer ? { vcode, payer } : { vcode } });

/** generate-vcode with the page's own couponMoney (which the server ignores) in the query context and the body. */
const generate = (borrower: FreshBorrower, order: { orderId: string; productId: string }, fields: Record<string, string>) =>
  call(t.app, 'generateVirtualAccount', {
    session: borrower,
    query: { market: 'ID', couponMoney: '99999999' },
    body: {
      orderId: order.orderId,
      productId: order.productId,
      pay_type: '1',
      payCode: 'BCA',
      specific_num: 'ATM',
      is_default: '1',
      is_display: '1',
      couponMoney: '99999999',
      ...fields,
    },
  });
const openUpi = (borrower: FreshBorrower, orderId: string, amount: number, couponId = '') =>
  call(t.app, 'upiPayment', {
    session: borrower,
    query: { market: 'IN', couponMoney: '99999999' },
    body: { orderId, amount: String(amount), couponId },
  });

describe('a coupon on a virtual account or mini-market code (Indonesia)', () => {
  it('takes the server’s discount off the code, shows the same code again, and the paid code posts the discount and closes the loan', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = dueSoon(borrower);
    const couponId = await couponFor(borrower);
    const payoff = await payoffOf(t, order.orderId);

    const opened = await generate(borrower, order, { amount: String(payoff), couponId });
    expect(opened.json().code, opened.body).toBe('00');
    const code = opened.json().data;
    expect(code).toMatchObject({ amount: payoff - OFF, couponMoney: OFF, remainingAmount: 0 });
    expect((await paymentRow(code.cardNo)).amountMinor).toBe(payoff - OFF);
    expect(await statusOf(borrower, couponId)).toBe('held');
    // the page opened again for the same bank, amount and coupon: the same code
    const again = (await generate(borrower, order, { amount: String(payoff), couponId })).json().data;
    expect(again).toMatchObject({ cardNo: code.cardNo, vcode: code.vcode, couponMoney: OFF });

    expect((await devPay(code.vcode)).statusCode).toBe(200);
    expect(await outstandingOf(order.orderId)).toBe(0);
    const [discount] = await rowsOf(order.orderId, 'coupon_discount');
    expect(discount).toMatchObject({ amountMinor: OFF });
    expect(discount!.meta).toMatchObject({ couponId, paymentId: code.cardNo });
    expect((await rowsOf(order.orderId, 'repayment')).map((row) => row.amountMinor)).toEqual([payoff - OFF]);
    expect(await statusOf(borrower, couponId)).toBe('used');
  });

  it('frees the coupon when its code is replaced by another bank or by a code without it, and when the code expires', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = dueSoon(borrower);
    const couponId = await couponFor(borrower);
    const amount = 1_000_000;

    const bca = (await generate(borrower, order, { amount: String(amount), couponId })).json().data;
    expect(bca.amount).toBe(amount - OFF);
    // another bank: the BCA code is closed, and the coupon moves to the new code
    const bni = (await generate(borrower, order, { amount: String(amount), couponId, payCode: 'BNI' })).json().data;
    expect(bni).toMatchObject({ amount: amount - OFF, couponMoney: OFF });
    expect((await paymentRow(bca.cardNo)).status).toBe('expired');
    expect(await statusOf(borrower, couponId)).toBe('held');
    // a mini-market code without the coupon closes the BNI code: the coupon is usable again
    const shop = (await generate(borrower, order, { amount: String(amount), pay_type: '2', payCode: 'ALFAMART' })).json().data;
    expect(shop).toMatchObject({ amount, couponMoney: 0 });
    expect((await paymentRow(bni.cardNo)).status).toBe('expired');
    expect(await statusOf(borrower, couponId)).toBe('usable');

    // a mini-market code with it holds it until the code expires, even before any clean-up marks the code
    const held = (await generate(borrower, order, { amount: String(amount), pay_type: '2', payCode: 'ALFAMART', couponId })).json().data;
    expect(held).toMatchObject({ amount: amount - OFF, couponMoney: OFF });
    expect(held.cardNo).not.toBe(shop.cardNo);
    expect(await statusOf(borrower, couponId)).toBe('held');
    const expiresAt = (await paymentRow(held.cardNo)).expiresAt!;
    const before = t.clock.now();
    t.clock.set(new Date(expiresAt.getTime() + 1_000));
    try {
      expect((await paymentRow(held.cardNo)).status).toBe('submitted');
      expect(await statusOf(borrower, couponId)).toBe('usable');
    } finally {
      t.clock.set(before);
    }
  });

  it('refuses another borrower’s coupon and a repayment below its minimum, in Indonesian, storing nothing', async () => {
    const [borrower, other] = [await flow.freshBorrower(Market.Indonesia), await flow.freshBorrower(Market.Indonesia)];
    const order = dueSoon(borrower);
    const theirs = await couponFor(other);
    const mine = await couponFor(borrower, { minAmountMinor: 2_000_000 });
    const stored = await paymentCount();

    const notMine = await generate(borrower, order, { amount: '1000000', couponId: theirs });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe(idID.couponNotFound);
    const tooLittle = await generate(borrower, order, { amount: '1000000', couponId: mine });
    expect(tooLittle.statusCode).toBe(409);
    expect(tooLittle.json().message).toContain(idID.couponBelowMinimum.split('{')[0]!);
    expect(await paymentCount()).toBe(stored);
    expect(await statusOf(borrower, mine)).toBe('usable');
  });
});

describe('a coupon on UPI and the hosted checkout (India)', () => {
  it('frees the coupon of a UPI payment the bank declines; the next one with it is paid and uses it once', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = dueSoon(borrower);
    const couponId = await couponFor(borrower);
    const payoff = await payoffOf(t, order.orderId);

    const declined = (await openUpi(borrower, order.orderId, payoff, couponId)).json().data;
    expect(declined).toMatchObject({ amount: payoff - OFF, couponMoney: OFF });
    expect(declined.intentUrl).toContain(`am=${((payoff - OFF) / 100).toFixed(2)}`);
    expect((await devPay(declined.intentUrl, 'failure@razorpay')).statusCode).toBe(200);
    expect((await paymentRow(declined.paymentId)).status).toBe('failed');
    expect(await statusOf(borrower, couponId)).toBe('usable');
    expect(await rowsOf(order.orderId, 'coupon_discount')).toHaveLength(0);

    const paid = (await openUpi(borrower, order.orderId, payoff, couponId)).json().data;
    expect(paid).toMatchObject({ amount: payoff - OFF, couponMoney: OFF });
    // the same amount and coupon again: the same open code
    expect((await openUpi(borrower, order.orderId, payoff, couponId)).json().data.paymentId).toBe(paid.paymentId);
    expect((await devPay(paid.intentUrl, 'success@razorpay')).statusCode).toBe(200);
    expect(await outstandingOf(order.orderId)).toBe(0);
    expect((await rowsOf(order.orderId, 'coupon_discount')).map((row) => row.amountMinor)).toEqual([OFF]);
    expect(await statusOf(borrower, couponId)).toBe('used');
    const used = await openUpi(borrower, flow.orderIn(borrower, OrderStatus.Overdue).orderId, 100_000, couponId);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toBe(enIN.couponUsed);
  });

  it('holds the coupon once under 20 racing openings on two loans; only the code that holds it posts a discount', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const loans = [dueSoon(borrower), flow.orderIn(borrower, OrderStatus.Overdue)];
    const couponId = await couponFor(borrower);
    // each loan closed in full: the coupon takes its Rs 50 off either, whichever opening wins
    const payoffs = [await payoffOf(t, loans[0]!.orderId), await payoffOf(t, loans[1]!.orderId)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => openUpi(borrower, loans[i % 2]!.orderId, payoffs[i % 2]!, couponId)),
    );
    const opened = answers.filter((response) => response.json().code === '00').map((response) => response.json().data);
    const refused = answers.filter((response) => response.json().code !== '00');
    expect(new Set(opened.map((data) => data.paymentId)).size).toBe(1);
    expect(opened.every((data) => data.couponMoney === OFF)).toBe(true);
    expect(refused.map((response) => response.json().message).filter((message) => message !== enIN.couponInUse)).toEqual([]);
    expect(await t.database.db.select({ n: count() }).from(coupons).where(eq(coupons.publicId, couponId))).toEqual([{ n: 1 }]);

    // every code of the two loans paid: one discount in all
    for (const loan of loans) {
      const open = await t.database.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, Number(loan.orderId)), eq(payments.method, 'upi'), eq(payments.status, 'submitted')));
      for (const code of open) expect((await devPay(code.vcode!, 'success@razorpay')).statusCode).toBe(200);
    }
    const discounts = [...(await rowsOf(loans[0]!.orderId, 'coupon_discount')), ...(await rowsOf(loans[1]!.orderId, 'coupon_discount'))];
    expect(discounts.map((row) => row.amountMinor)).toEqual([OFF]);
    expect(await statusOf(borrower, couponId)).toBe('used');
  });

  it('frees the coupon of a cancelled checkout; the next checkout with it charges the amount less the coupon and uses it', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = dueSoon(borrower);
    const couponId = await couponFor(borrower);
    const payoff = await payoffOf(t, order.orderId);
    const start = () =>
      call(t.app, 'repaymentCheckout', {
        session: borrower,
        query: { market: 'IN', couponMoney: '1' },
        body: { orderId: order.orderId, amount: String(payoff), couponId },
      });
    const form = (url: string) =>
      t.app.inject({ method: 'POST', url, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

    const first = await start();
    expect(first.json().data, first.body).toMatchObject({ couponMoney: OFF, payAmount: payoff - OFF });
    expect(await statusOf(borrower, couponId)).toBe('held');
    expect((await form(`${first.json().data.url}/cancel`)).statusCode).toBe(303);
    expect(await statusOf(borrower, couponId)).toBe('usable');

    const second = (await start()).json().data;
    expect(second).toMatchObject({ couponMoney: OFF, payAmount: payoff - OFF });
    const page = await t.app.inject({ method: 'GET', url: second.url });
    expect(page.body).toContain(((payoff - OFF) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 }));
    expect((await form(`${second.url}/pay`)).statusCode).toBe(303);
    expect(await outstandingOf(order.orderId)).toBe(0);
    expect((await rowsOf(order.orderId, 'coupon_discount')).map((row) => row.amountMinor)).toEqual([OFF]);
    expect(await statusOf(borrower, couponId)).toBe('used');
  });
});

describe('a coupon on QRIS and e-wallets (Indonesia)', () => {
  it('frees the coupon of a declined OVO charge; a QRIS code with it is paid, posting the discount once', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = dueSoon(borrower);
    const couponId = await couponFor(borrower);
    const payoff = await payoffOf(t, order.orderId);
    const open = (channel: string, extra: Record<string, string> = {}) =>
      call(t.app, 'walletPayment', {
        session: borrower,
        query: { market: 'ID', couponMoney: '99999999' },
        body: { orderId: order.orderId, amount: String(payoff), channel, couponId, ...extra },
      });
    const payAs = async (paymentId: string, payer: string) => devPay((await paymentRow(paymentId)).vcode!, payer);

    const ovo = (await open('OVO', { mobileNumber: '081234567890' })).json().data;
    expect(ovo).toMatchObject({ amount: payoff - OFF, couponMoney: OFF });
    expect((await payAs(ovo.paymentId, 'failure')).statusCode).toBe(200);
    expect(await statusOf(borrower, couponId)).toBe('usable');

    const qris = (await open('QRIS')).json().data;
    expect(qris).toMatchObject({ amount: payoff - OFF, couponMoney: OFF, channel: 'QRIS' });
    expect((await payAs(qris.paymentId, 'success')).statusCode).toBe(200);
    expect(await outstandingOf(order.orderId)).toBe(0);
    expect((await rowsOf(order.orderId, 'coupon_discount')).map((row) => row.amountMinor)).toEqual([OFF]);
    expect(await statusOf(borrower, couponId)).toBe('used');
  });
});
