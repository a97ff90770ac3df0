/**
 * A first repayment commit whose token was checked on the order's state as it still is writes its
 * payment in one statement; any change to the order or the day sends it the long way, which checks
 * the amount again (decision 119).
 */
import { formatMoney, Market, OrderStatus, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../crypto.js';
import { orders, repayTokens } from '../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, statementsDuring, useTestApp } from '../../test/app.js';
import { cardFlow, TestCards } from '../../test/card-flow.js';
import { payoffOf } from '../../test/payoff.js';

const t = useTestApp();
let flow: ReturnType<typeof cardFlow>;

beforeAll(async () => {
  flow = cardFlow(t);
}, SETUP_TIMEOUT_MS);

const DAY_MS = 24 * 60 * 60 * 1000;
const IST_MIDNIGHT_UTC_MS = (18 * 60 + 30) * 60 * 1000;

const tokenRow = async (repayToken: string) =>
  (
    await t.database.db
      .select()
      .from(repayTokens)
      .where(eq(repayTokens.tokenHash, sha256(repayToken)))
  )[0]!;
const revisionOf = async (orderId: string) =>
  (
    await t.database.db
      .select({ revision: orders.revision })
      .from(orders)
      .where(eq(orders.id, Number(orderId)))
  )[0]!.revision;
/** A commit's answer and how many statements it sent, not counting the SMS's delivery (it may start before the answer is read). */
const countedCommit = async (...input: Parameters<typeof flow.commit>) => {
  let answer: Awaited<ReturnType<typeof flow.commit>> | undefined;
  const sent = await statementsDuring(
    t.database,
    async () => {
      answer = await flow.commit(...input);
    },
    (text) => !/sms_messages|update "sms_outbox"/i.test(text),
  );
  return { answer: answer!, sent };
};

describe('repayment-commit on a checked token (decision 119)', () => {
  it("keeps with a token the order's revision, the business date and an extension's days it was checked on", async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const repay = await flow.openPayment(borrower, { orderId: order.orderId });
    const delay = await flow.openPayment(borrower, { orderId: order.orderId, purpose: 'delay' });
    const today = t.clock.today(Market.India);
    const revision = await revisionOf(order.orderId);
    expect(await tokenRow(repay.repayToken)).toMatchObject({ orderRevision: revision, checkedOn: today, extensionShiftDays: null });
    expect(await tokenRow(delay.repayToken)).toMatchObject({
      orderRevision: revision,
      checkedOn: today,
      extensionShiftDays: expect.any(Number),
    });
    expect((await tokenRow(delay.repayToken)).extensionShiftDays).toBeGreaterThan(0);
  });

  it('opens an extension payment in one statement with the days its token was checked for', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId, purpose: 'delay' });
    const { answer, sent } = await countedCommit(borrower, {
      orderId: order.orderId,
      amount: way.amount,
      cardId,
      repayToken: way.repayToken,
    });
    expect(answer.json()).toMatchObject({ code: '00', data: { needValid: 1 } });
    expect(sent).toBe(1);
    const [payment] = await flow.paymentsOf(order.orderId);
    expect(payment).toMatchObject({
      purpose: 'delay',
      status: 'awaiting_code',
      amountMinor: way.amount,
      extensionShiftDays: (await tokenRow(way.repayToken)).extensionShiftDays,
    });
  });

  it('checks the amount again once a posting has moved the order: a token for all that was owed is refused after a part was repaid', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const whole = await flow.openPayment(borrower, { orderId: order.orderId });
    const revision = await revisionOf(order.orderId);

    // a part repaid with a second token: its posting moves the order's revision
    const part = Math.floor(whole.amount / 2);
    const partWay = await flow.openPayment(borrower, { orderId: order.orderId, amount: String(part) });
    const committed = await flow.commit(borrower, { orderId: order.orderId, amount: part, cardId, repayToken: partWay.repayToken });
    const { code } = await flow.latestSms(borrower.phone);
    const confirmed = await flow.confirm(borrower, {
      orderId: order.orderId,
      verifyCode: code,
      repaymentRecordId: committed.json().data.repayRecordId,
    });
    expect(confirmed.json().code).toBe('00');
    expect(await revisionOf(order.orderId)).toBeGreaterThan(revision);

    const paymentsBefore = (await flow.paymentsOf(order.orderId)).length;
    const stale = await flow.commit(borrower, { orderId: order.orderId, amount: whole.amount, cardId, repayToken: whole.repayToken });
    expect(stale.statusCode).toBe(400);
    // what closing the loan costs now (the part paid the period's interest first, so at least whole - part)
    const left = await payoffOf(t, order.orderId);
    expect(left).toBeGreaterThanOrEqual(whole.amount - part);
    expect(stale.json()).toEqual({
      code: ResultCode.InvalidRequest,
      message: enIN.repayAmountTooLarge.replace('{amount}', formatMoney(left, Market.India)),
      data: null,
    });
    expect(await flow.paymentsOf(order.orderId)).toHaveLength(paymentsBefore);
  });

  it('reads the order again on another business day, and opens the payment the long way when it still fits', async () => {
    // a minute before midnight in India (UTC+5:30, 18:30 UTC); the token lives 30 minutes
    const now = t.clock.now().getTime();
    const midnight = Math.ceil((now - IST_MIDNIGHT_UTC_MS) / DAY_MS) * DAY_MS + IST_MIDNIGHT_UTC_MS;
    t.clock.set(new Date(midnight - 60_000));
    const borrower = await flow.freshBorrower(Market.India);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const cardId = await flow.boundCard(borrower, TestCards.withCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId, amount: '10000' });
    const tokenDay = t.clock.today(Market.India);
    t.clock.advance(2 * 60_000);
    expect(t.clock.today(Market.India)).not.toBe(tokenDay);
    // the session is looked up again after the move (its cache holds 30 s): not a statement of the commit
    expect((await call(t.app, 'bankList', { session: borrower, query: { market: 'IN' } })).json().code).toBe('00');
    const { answer, sent } = await countedCommit(borrower, {
      orderId: order.orderId,
      amount: way.amount,
      cardId,
      repayToken: way.repayToken,
    });
    expect(answer.json()).toMatchObject({ code: '00', data: { needValid: 1 } });
    // the one statement found the day changed and wrote nothing; then the read and the write
    expect(sent).toBe(3);
    expect(await flow.paymentsOf(order.orderId)).toHaveLength(1);
  });
});
