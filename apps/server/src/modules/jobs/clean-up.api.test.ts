import { Market, OrderStatus } from '@kilat/contract';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreementLinks,
  captchaSessions,
  loanProposals,
  loginCodes,
  orders,
  payments,
  products,
  repayTokens,
  sessions,
} from '../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { cardFlow, type FreshBorrower, TestCards } from '../../test/card-flow.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import { CLEAN_UP_JOB } from './clean-up.js';

const t = useTestApp();
let flow: ReturnType<typeof cardFlow>;

beforeAll(async () => {
  flow = cardFlow(t);
}, SETUP_TIMEOUT_MS);

const DAY_MS = 24 * 60 * 60_000;

/** A virtual account for the borrower's order due soon: a payment with a vcode and an expiry. */
const virtualAccount = async (borrower: FreshBorrower) => {
  const { orderId, productId } = flow.orderIn(borrower, OrderStatus.DueSoon);
  const response = await call(t.app, 'generateVirtualAccount', {
    session: borrower,
    body: { orderId, productId, pay_type: '1', payCode: 'BCA', specific_num: 'ATM', is_default: '1', is_display: '1', amount: '100000' },
  });
  expect(response.json().code, response.body).toBe('00');
  const [payment] = await t.database.db.select().from(payments).where(eq(payments.vcode, response.json().data.vcode));
  return payment!;
};

/** What one borrower leaves behind: a session, a login code, two repay tokens (one paid with), an open virtual account. */
const leaveTraces = async () => {
  const borrower = await flow.freshBorrower(Market.Indonesia);
  const loginCode = await call(t.app, 'loginCode', { query: { market: Market.Indonesia }, body: { phone: borrower.phone } });
  expect(loginCode.json().code).toBe('00');
  const order = flow.orderIn(borrower, OrderStatus.Overdue);
  const unused = await flow.openPayment(borrower, { orderId: order.orderId, amount: '10000' });
  const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
  const used = await flow.openPayment(borrower, { orderId: order.orderId, amount: '10000' });
  const paid = await flow.commit(borrower, { orderId: order.orderId, amount: 10_000, cardId, repayToken: used.repayToken });
  expect(paid.json().code).toBe('00');
  const va = await virtualAccount(borrower);
  const [tokens, codes] = await Promise.all([
    t.database.db
      .select()
      .from(repayTokens)
      .where(eq(repayTokens.borrowerId, Number(borrower.userId))),
    t.database.db.select().from(loginCodes).where(eq(loginCodes.phone, borrower.phone)),
  ]);
  expect(tokens).toHaveLength(2);
  expect(codes).toHaveLength(1);
  expect(unused.repayToken).not.toBe(used.repayToken);
  return { borrower, va, tokens };
};

const sessionsOf = (borrower: FreshBorrower) =>
  t.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.borrowerId, Number(borrower.userId)));

describe('the clean-up job', () => {
  it('deletes what expired more than a day ago, marks open codes past their expiry expired, and keeps the rest', async () => {
    const old = await leaveTraces();
    const start = t.clock.now();
    await t.database.db.insert(agreementLinks).values({
      tokenHash: `old-link-${old.borrower.userId}`,
      borrowerId: Number(old.borrower.userId),
      productId: Number(old.borrower.orders[0]!.productId),
      position: 1,
      expiresAt: new Date(start.getTime() + 60 * 60_000),
    });
    await t.database.db
      .insert(captchaSessions)
      .values({ sid: `old-sid-${old.borrower.userId}`, expiresAt: new Date(start.getTime() + 5 * 60_000) });

    // nothing has expired yet: a run changes nothing of this borrower's
    await t.app.jobs.runNow(CLEAN_UP_JOB);
    expect(await sessionsOf(old.borrower)).toHaveLength(1);
    expect((await t.database.db.select().from(payments).where(eq(payments.id, old.va.id)))[0]!.status).toBe('submitted');

    // a month and two days later (sessions live 30 days); a new borrower leaves fresh traces
    t.clock.set(new Date(start.getTime() + 32 * DAY_MS));
    const fresh = await leaveTraces();
    const run = await t.app.jobs.runNow(CLEAN_UP_JOB);
    expect(run?.result).toMatchObject({ sessions: expect.any(Number), expiredPaymentCodes: expect.any(Number) });
    expect(run!.result.sessions).toBeGreaterThanOrEqual(1);

    expect(await sessionsOf(old.borrower)).toHaveLength(0);
    expect(await t.database.db.select().from(loginCodes).where(eq(loginCodes.phone, old.borrower.phone))).toHaveLength(0);
    // the token a payment was made with stays (the payment refers to it); the unused one is gone
    const oldTokens = await t.database.db
      .select()
      .from(repayTokens)
      .where(
        inArray(
          repayTokens.tokenHash,
          old.tokens.map((token) => token.tokenHash),
        ),
      );
    expect(oldTokens).toHaveLength(1);
    expect(oldTokens[0]!.usedAt).not.toBeNull();
    expect((await t.database.db.select().from(payments).where(eq(payments.id, old.va.id)))[0]!.status).toBe('expired');
    expect(
      await t.database.db
        .select()
        .from(agreementLinks)
        .where(eq(agreementLinks.tokenHash, `old-link-${old.borrower.userId}`)),
    ).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(captchaSessions)
        .where(eq(captchaSessions.sid, `old-sid-${old.borrower.userId}`)),
    ).toHaveLength(0);

    expect(await sessionsOf(fresh.borrower)).toHaveLength(1);
    expect(await t.database.db.select().from(loginCodes).where(eq(loginCodes.phone, fresh.borrower.phone))).toHaveLength(1);
    expect(
      await t.database.db
        .select()
        .from(repayTokens)
        .where(eq(repayTokens.borrowerId, Number(fresh.borrower.userId))),
    ).toHaveLength(2);
    expect((await t.database.db.select().from(payments).where(eq(payments.id, fresh.va.id)))[0]!.status).toBe('submitted');
  });

  it('marks a virtual account expired as soon as its expiry has passed, with no grace, and it can no longer be paid', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const va = await virtualAccount(borrower);
    t.clock.set(new Date(va.expiresAt!.getTime() + 60_000));
    await t.app.jobs.runNow(CLEAN_UP_JOB);
    expect((await t.database.db.select().from(payments).where(eq(payments.id, va.id)))[0]!.status).toBe('expired');
    const pay = await t.app.inject({ method: 'POST', url: '/dev/payments/pay', payload: { vcode: va.vcode } });
    expect(pay.statusCode).toBe(404);
  });

  it('deletes a key fact statement proposal that lapsed unsigned, and keeps the one a loan was signed on (decision 150)', async () => {
    const borrower: FreshBorrower = (await t.app.inject({ method: 'GET', url: `/dev/session?market=${Market.India}&fresh=due` })).json();
    await giveDisbursalAccount(t, Number(borrower.userId));
    const [product] = (await t.database.db.select().from(products).where(eq(products.market, Market.India))).sort(
      (a, b) => a.sortOrder - b.sortOrder,
    );
    const productId = String(product!.id);
    const looked = (await call(t.app, 'loanConfirm', { session: borrower, body: { productId, amount: '1000000' } })).json().data;
    const signed = (await call(t.app, 'loanConfirm', { session: borrower, body: { productId, amount: '2000000' } })).json().data;
    const pushed = await call(t.app, 'loanPush', {
      session: borrower,
      body: { productId, amount: '2000000', periods: String(signed.periods), termUnit: '1', proposalNo: signed.proposalNo },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const proposalsOf = async () =>
      (
        await t.database.db
          .select()
          .from(loanProposals)
          .where(eq(loanProposals.borrowerId, Number(borrower.userId)))
      ).map((row) => row.proposalNo);
    await t.app.jobs.runNow(CLEAN_UP_JOB);
    expect((await proposalsOf()).sort()).toEqual([looked.proposalNo, signed.proposalNo].sort());

    // a week and a half later both lapsed; only the signed one stays, as its order names it
    t.clock.advance(10 * DAY_MS);
    await t.app.jobs.runNow(CLEAN_UP_JOB);
    expect(await proposalsOf()).toEqual([signed.proposalNo]);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.proposalNo, signed.proposalNo));
    expect(order).toBeDefined();
  });
});
