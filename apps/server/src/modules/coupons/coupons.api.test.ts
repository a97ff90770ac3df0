/**
 * Issue 50: coupons honoured by the ledger. Each type through the replay, never below the principal,
 * one use under 20 racing commits, a failed payment freeing its coupon, expiry, an exhausted budget,
 * and the page's couponMoney never trusted: the server computes every discount itself.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.js';
import { addDays, businessDateAt } from '../../lending/business-date.js';
import type { CouponKind } from '../../lending/coupon.js';
import { call, type DemoSession, useTestApp } from '../../test/app.js';
import { cardFlow, type FreshBorrower, TestCards } from '../../test/card-flow.js';
import { insertCampaign } from './repository.js';

const t = useTestApp();

/** A campaign of the borrower's market issued to them; answers the coupon's public id. */
const couponFor = async (
  borrower: FreshBorrower,
  overrides: {
    kind?: CouponKind;
    value?: number;
    budgetMinor?: number;
    validTo?: string | null;
    validDays?: number | null;
    minAmountMinor?: number;
  } = {},
): Promise<string> => {
  const campaign = await insertCampaign(t.database.db, {
    market: borrower.market,
    name: 'Test campaign',
    kind: overrides.kind ?? 'amount_off',
    value: overrides.value ?? 5_000,
    audience: 'list',
    validFrom: null,
    validTo: overrides.validTo ?? null,
    validDays: overrides.validTo ? null : (overrides.validDays ?? 30),
    minAmountMinor: overrides.minAmountMinor ?? 0,
    budgetMinor: overrides.budgetMinor ?? 100_000_000,
    createdBy: null,
  });
  expect(await t.app.coupons.issue(t.database.db, campaign, [Number(borrower.userId)])).toBe(1);
  const list = await couponList(borrower);
  return list.find((coupon) => coupon.status === 'usable' || coupon.status === 'expired')!.couponId;
};

interface Listed {
  couponId: string;
  status: string;
  couponMoney: number;
  amountAfter: number;
  refusal: string;
  title: string;
}

const couponList = async (session: DemoSession, body: Record<string, string> = {}): Promise<Listed[]> => {
  const response = await call(t.app, 'coupons', { session, query: { market: session.market }, body });
  expect(response.json().code).toBe('00');
  return response.json().data.list;
};

const commitWith = (
  borrower: FreshBorrower,
  input: { orderId: string; amount: number; cardId: string; repayToken: string; couponId: string; couponMoney?: string },
) =>
  call(t.app, 'repaymentCommit', {
    session: borrower,
    query: { market: borrower.market, couponMoney: input.couponMoney ?? '' },
    body: {
      amount: String(input.amount),
      bankName: 'HDFC Bank',
      cardId: input.cardId,
      cardNo: '400000******0077',
      couponId: input.couponId,
      orderId: input.orderId,
      repayToken: input.repayToken,
      bankCode: 'HDFC',
      sendMsg: '0',
      // the page's own figure, which the server must ignore
      couponMoney: input.couponMoney ?? '',
    },
  });

const rowsOf = (orderId: string, kind: 'coupon_discount' | 'repayment') =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, Number(orderId)), eq(ledgerEntries.kind, kind)));

/** A loan of 91 days on day 50 (its market's daily rate): closing it today costs principal, fee and 50 days of interest. */
const day50Loan = async (flow: ReturnType<typeof cardFlow>, market: Market = Market.India) => {
  const borrower = await flow.freshBorrower(market);
  const order = flow.orderIn(borrower, OrderStatus.Disbursed);
  const [period] = await t.app.orders.repository.periodsOf(Number(order.orderId));
  const { dailyInterestBps } = (await t.app.orders.repository.findById(Number(order.orderId)))!.pricing;
  const accrued = Math.floor((period!.principalMinor * dailyInterestBps * 50) / 10_000);
  return { borrower, order, period: period!, accrued, dailyInterestBps };
};

/** Pays the loan in full with the coupon and a card that needs no code; answers the commit's data. */
const payOffWith = async (
  flow: ReturnType<typeof cardFlow>,
  borrower: FreshBorrower,
  orderId: string,
  couponId: string,
  couponMoney = '',
) => {
  const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
  const way = await flow.openPayment(borrower, { orderId });
  const response = await commitWith(borrower, {
    orderId,
    amount: way.amount,
    cardId,
    repayToken: way.repayToken,
    couponId,
    couponMoney,
  });
  expect(response.json().code, response.body).toBe('00');
  return { way, data: response.json().data as { couponMoney: number; payAmount: number; repayRecordId: string } };
};

describe('coupons through the ledger', () => {
  it('takes an amount off the fee then the interest, ignoring the couponMoney the page sends, and closes the loan', async () => {
    const flow = cardFlow(t);
    const { borrower, order, period, accrued } = await day50Loan(flow);
    const couponId = await couponFor(borrower, { kind: 'amount_off', value: period.feeMinor + 100 });
    const way = await flow.openPayment(borrower, { orderId: order.orderId });
    const offered = (await couponList(borrower, { orderId: order.orderId, amount: String(way.amount) })).find(
      (c) => c.couponId === couponId,
    )!;
    expect(offered.couponMoney).toBe(period.feeMinor + 100);
    expect(offered.amountAfter).toBe(way.amount - period.feeMinor - 100);

    const { data } = await payOffWith(flow, borrower, order.orderId, couponId, '99999999');
    expect(data.couponMoney).toBe(period.feeMinor + 100);
    expect(data.payAmount).toBe(period.principalMinor + accrued - 100);
    const [discount] = await rowsOf(order.orderId, 'coupon_discount');
    expect(discount?.amountMinor).toBe(period.feeMinor + 100);
    expect(discount?.meta).toMatchObject({ feeMinor: period.feeMinor, interestMinor: 100, couponId });
    const [repayment] = await rowsOf(order.orderId, 'repayment');
    expect(repayment?.amountMinor).toBe(data.payAmount);
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.ClosedEarly);
    expect((await couponList(borrower)).find((c) => c.couponId === couponId)?.status).toBe('used');

    // the receipt shows the discount beside the payment it came with
    const receipt = await call(t.app, 'repaymentReceipt', {
      session: borrower,
      query: { market: borrower.market },
      body: { paymentId: data.repayRecordId },
    });
    expect(receipt.json().data).toMatchObject({ amount: data.payAmount, couponMoney: period.feeMinor + 100 });

    // the statement shows the discount as its own posting
    const statement = await call(t.app, 'loanStatement', {
      session: borrower,
      query: { market: borrower.market },
      body: { orderId: order.orderId, productId: order.productId },
    });
    expect(statement.json().data.rows.map((row: { kind: string }) => row.kind)).toContain('Coupon discount on fees and interest');
  });

  it('takes a percentage off the interest to the day, and the replay closes the loan on the rest', async () => {
    const flow = cardFlow(t);
    const { borrower, order, period, accrued } = await day50Loan(flow);
    const couponId = await couponFor(borrower, { kind: 'percent_off_interest', value: 2_500 });
    const { data } = await payOffWith(flow, borrower, order.orderId, couponId);
    expect(data.couponMoney).toBe(Math.floor(accrued / 4));
    expect(data.payAmount).toBe(period.principalMinor + period.feeMinor + accrued - Math.floor(accrued / 4));
    const [discount] = await rowsOf(order.orderId, 'coupon_discount');
    expect(discount?.meta).toMatchObject({ feeMinor: 0, interestMinor: Math.floor(accrued / 4) });
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.ClosedEarly);
  });

  it('takes the interest of N days off, in the borrower market of Indonesia too', async () => {
    const flow = cardFlow(t);
    const { borrower, order, period, accrued, dailyInterestBps } = await day50Loan(flow, Market.Indonesia);
    const couponId = await couponFor(borrower, { kind: 'interest_free_days', value: 7 });
    const sevenDays = Math.floor((period.principalMinor * dailyInterestBps * 7) / 10_000);
    const { data } = await payOffWith(flow, borrower, order.orderId, couponId);
    expect(data.couponMoney).toBe(sevenDays);
    expect(data.payAmount).toBe(period.principalMinor + period.feeMinor + accrued - sevenDays);
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.ClosedEarly);
  });

  it('never takes the amount owed below the principal, nor anything off penalties', async () => {
    const flow = cardFlow(t);
    const { borrower, order, period, accrued } = await day50Loan(flow);
    const couponId = await couponFor(borrower, { kind: 'amount_off', value: 900_000_000 });
    const { data } = await payOffWith(flow, borrower, order.orderId, couponId);
    expect(data.couponMoney).toBe(period.feeMinor + accrued);
    expect(data.payAmount).toBe(period.principalMinor);
    expect(await flow.loanStatus(borrower, order)).toBe(OrderStatus.ClosedEarly);

    // an overdue loan: penalties are paid in full, the coupon only touches fees and interest
    const overdue = flow.orderIn(borrower, OrderStatus.Overdue);
    const state = await t.app.orders.requireOwnedState(Number(borrower.userId), overdue.orderId);
    const second = await couponFor(borrower, { kind: 'amount_off', value: 900_000_000 });
    const way = await flow.openPayment(borrower, { orderId: overdue.orderId });
    const offered = (await couponList(borrower, { orderId: overdue.orderId, amount: String(way.amount) })).find(
      (c) => c.couponId === second,
    )!;
    expect(way.amount - offered.couponMoney).toBeGreaterThanOrEqual(state.replay.penaltyOwedMinor + period.principalMinor);
  });

  it('is used once when 20 commits with different repay tokens name it at once; the others are refused', async () => {
    const flow = cardFlow(t);
    const { borrower, order } = await day50Loan(flow);
    const couponId = await couponFor(borrower, { kind: 'amount_off', value: 1_000 });
    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const ways = [];
    for (let n = 0; n < 20; n += 1) ways.push(await flow.openPayment(borrower, { orderId: order.orderId }));
    const responses = await Promise.all(
      ways.map((way) => commitWith(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken, couponId })),
    );
    const accepted = responses.filter((response) => response.json().code === '00');
    expect(accepted).toHaveLength(1);
    for (const refused of responses.filter((response) => response.json().code !== '00')) {
      expect(refused.json().message).toBe('This coupon is already in use by another payment.');
    }
    expect((await couponList(borrower)).find((c) => c.couponId === couponId)?.status).toBe('held');

    const { code } = await flow.latestSms(borrower.phone);
    const winner = accepted[0]!.json().data;
    const confirmed = await flow.confirm(borrower, { orderId: order.orderId, verifyCode: code, repaymentRecordId: winner.repayRecordId });
    expect(confirmed.json().code).toBe('00');
    expect(await rowsOf(order.orderId, 'coupon_discount')).toHaveLength(1);
    expect((await couponList(borrower)).find((c) => c.couponId === couponId)?.status).toBe('used');
  });

  it('is freed by a declined payment and used by the next one', async () => {
    const flow = cardFlow(t);
    const { borrower, order } = await day50Loan(flow);
    const couponId = await couponFor(borrower, { kind: 'amount_off', value: 1_000 });
    const declinedCard = await flow.boundCard(borrower, TestCards.declined);
    const first = await flow.openPayment(borrower, { orderId: order.orderId });
    const held = await commitWith(borrower, {
      orderId: order.orderId,
      amount: first.amount,
      cardId: declinedCard,
      repayToken: first.repayToken,
      couponId,
    });
    expect(held.json().code).toBe('00');
    const { code } = await flow.latestSms(borrower.phone);
    const declined = await flow.confirm(borrower, {
      orderId: order.orderId,
      verifyCode: code,
      repaymentRecordId: held.json().data.repayRecordId,
    });
    expect(declined.json().code).not.toBe('00');
    expect((await couponList(borrower)).find((c) => c.couponId === couponId)?.status).toBe('usable');

    const { data } = await payOffWith(flow, borrower, order.orderId, couponId);
    expect(data.couponMoney).toBe(1_000);
    expect(await rowsOf(order.orderId, 'coupon_discount')).toHaveLength(1);
  });

  it("refuses a campaign whose budget is used up, another borrower's coupon, and one below its minimum, in the borrower's language", async () => {
    const flow = cardFlow(t);
    const { borrower, order } = await day50Loan(flow, Market.Indonesia);
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId });
    const small = await couponFor(borrower, { kind: 'amount_off', value: 5_000, budgetMinor: 4_999 });
    const exhausted = await commitWith(borrower, {
      orderId: order.orderId,
      amount: way.amount,
      cardId,
      repayToken: way.repayToken,
      couponId: small,
    });
    expect(exhausted.statusCode).toBe(409);
    expect(exhausted.json().message).toBe('Promo kupon ini sudah berakhir: anggarannya habis.');

    const minimum = await couponFor(borrower, { kind: 'amount_off', value: 100, minAmountMinor: way.amount + 1 });
    const below = await commitWith(borrower, {
      orderId: order.orderId,
      amount: way.amount,
      cardId,
      repayToken: way.repayToken,
      couponId: minimum,
    });
    expect(below.json().message).toMatch(/^Kupon ini berlaku untuk pembayaran minimal Rp/);

    const other = await flow.freshBorrower(Market.Indonesia);
    const theirs = await couponFor(other, { kind: 'amount_off', value: 100 });
    const notMine = await commitWith(borrower, {
      orderId: order.orderId,
      amount: way.amount,
      cardId,
      repayToken: way.repayToken,
      couponId: theirs,
    });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json().message).toBe('Kupon ini bukan milik Anda atau tidak ada.');
    // nothing was charged or posted
    expect(await flow.paymentsOf(order.orderId)).toHaveLength(0);
    expect(await rowsOf(order.orderId, 'coupon_discount')).toHaveLength(0);
  });

  it('expires at the end of its to-date, and N days after it was issued', async () => {
    const flow = cardFlow(t);
    const { borrower, order } = await day50Loan(flow);
    const yesterday = addDays(businessDateAt(t.clock.now(), Market.India), -1);
    const past = await couponFor(borrower, { validTo: yesterday });
    expect((await couponList(borrower)).find((c) => c.couponId === past)?.status).toBe('expired');
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId });
    const refused = await commitWith(borrower, {
      orderId: order.orderId,
      amount: way.amount,
      cardId,
      repayToken: way.repayToken,
      couponId: past,
    });
    expect(refused.json().message).toBe('This coupon has expired.');

    const twoDays = await couponFor(borrower, { validDays: 2 });
    expect((await couponList(borrower)).find((c) => c.couponId === twoDays)?.status).toBe('usable');
    // the last test of the file: the shared clock moves on
    t.clock.advance(2 * 86_400_000 + 1_000);
    expect((await couponList(borrower)).find((c) => c.couponId === twoDays)?.status).toBe('expired');
  });
});
