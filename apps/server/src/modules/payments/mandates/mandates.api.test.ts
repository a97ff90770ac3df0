/**
 * India's AutoPay (issue 51 item 2, decisions 242–246) through the sandbox gateway: the mandate's
 * lifecycle moved only by signed events and the borrower's own calls, the pre-debit notice at least
 * 24 hours before in IST, the debit on the due date posted through the one waterfall, a failed
 * debit left to fall overdue as without a mandate, and a debit racing a manual payment.
 */
import { formatDate, formatMoney, interpolate, Market, OrderStatus, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, orderPeriods, payments } from '../../../db/schema.js';
import { addDays } from '../../../lending/business-date.js';
import { call, useTestApp } from '../../../test/app.js';
import { consoleCall, signIn } from '../../../test/console.js';
import { seedConsoleDemo } from '../../console/operators/seed.js';
import { smsOutbox } from '../../sms/outbox-table.js';
import { AUTOPAY_DEBITS_JOB, istHourOn } from './debits.js';
import { mandateDebits, mandates } from './table.js';

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
const autopay = (session: Session, orderId: string, language = 'en') =>
  call(t.app, 'autopayMandate', { session, query: { market: 'IN', language }, body: { orderId } });
const setUp = (session: Session, orderId: string, market = 'IN') =>
  call(t.app, 'autopaySetUp', { session, query: { market }, body: { orderId, method: 'upi' } });
const change = (session: Session, orderId: string, action: 'pause' | 'resume' | 'cancel') =>
  call(t.app, 'autopayChange', { session, query: { market: 'IN' }, body: { orderId, action } });
/** The sandbox's page answers for the payer's UPI app, as the borrower's browser posts it. */
const answer = (mandateId: string, outcome: 'debits-paid' | 'debits-fail' | 'reject') =>
  t.app.inject({
    method: 'POST',
    url: `/sandbox/mandate/${mandateId}/answer`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });
const mandateRow = async (publicId: string) => (await t.database.db.select().from(mandates).where(eq(mandates.publicId, publicId)))[0]!;
const repaymentsOf = async (orderId: string) =>
  t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, Number(orderId)), eq(ledgerEntries.kind, 'repayment')));
const firstPeriod = async (orderId: string) =>
  (
    await t.database.db
      .select()
      .from(orderPeriods)
      .where(eq(orderPeriods.orderId, Number(orderId)))
      .orderBy(orderPeriods.periodNo)
  )[0]!;
const owedOf = async (orderId: string) => {
  const order = (await t.app.orders.repository.findById(Number(orderId)))!;
  return (await t.app.orders.withStatus(order)).facts.position.outstandingMinor;
};
const statusOf = async (orderId: string) => {
  const order = (await t.app.orders.repository.findById(Number(orderId)))!;
  return (await t.app.orders.withStatus(order)).status;
};
const runAt = async (instant: Date) => {
  t.clock.set(instant);
  const run = await t.app.jobs.runNow(AUTOPAY_DEBITS_JOB);
  expect(run).not.toBeNull();
};

/** A fresh India borrower's due-soon loan with an active sandbox mandate whose debits end as asked. */
const withActiveMandate = async (outcome: 'debits-paid' | 'debits-fail' = 'debits-paid') => {
  const session = await freshBorrower(Market.India);
  const order = dueSoon(session);
  const { mandateId } = (await setUp(session, order.orderId)).json().data;
  expect((await answer(mandateId, outcome)).statusCode).toBe(303);
  const row = await mandateRow(mandateId);
  expect(row.status).toBe('active');
  const period = await firstPeriod(order.orderId);
  const loan = (await t.app.orders.repository.findById(Number(order.orderId)))!;
  return { session, order, mandateId, period, orderNo: loan.orderNo, row };
};

describe('AutoPay mandates (issue 51 item 2)', () => {
  it('is set up on the borrower own loan capped at the largest instalment, authorised only by the signed event, paused, resumed and cancelled by the borrower', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoon(session);
    const before = (await autopay(session, order.orderId)).json().data;
    expect(before).toMatchObject({ available: 1, canSetUp: 1, mandate: null });
    const period = await firstPeriod(order.orderId);
    const largest = Number(period.principalMinor) + Number(period.interestMinor) + Number(period.feeMinor);
    expect(before.maxAmount).toBe(largest);

    const created = await setUp(session, order.orderId);
    expect(created.statusCode, created.body).toBe(200);
    const { mandateId, authUrl } = created.json().data;
    expect(authUrl).toBe(`/sandbox/mandate/${mandateId}`);
    const row = await mandateRow(mandateId);
    expect(row).toMatchObject({ status: 'created', maxAmountMinor: largest, method: 'upi', gateway: 'sandbox' });
    // it outlives the last due date (30 days after it, IST midnight)
    expect(row.expiresAt.getTime()).toBe(istHourOn(addDays(period.dueDate, 30), 0).getTime());

    // one live mandate per loan; the page sees it waiting, with where to approve it
    const again = await setUp(session, order.orderId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(enIN.autopayAlreadySetUp);
    expect((await autopay(session, order.orderId)).json().data).toMatchObject({
      canSetUp: 0,
      mandate: { mandateId, status: 'created', authUrl, maxAmountText: formatMoney(largest, Market.India) },
    });
    // nothing but the gateway's event authorises it: pausing a mandate still waiting is refused
    expect((await change(session, order.orderId, 'pause')).json().message).toBe(enIN.autopayActionRefused);

    // the sandbox page's approval sends the signed event; its redelivery changes nothing
    const approved = await answer(mandateId, 'debits-paid');
    expect(approved.headers.location).toContain(`orderId=${order.orderId}`);
    const active = await mandateRow(mandateId);
    expect(active.status).toBe('active');
    expect(active.tokenRef).toMatch(/^tok_mdt_paid_/);
    expect(
      await t.app.payments.payments.applyMandateEvent('sandbox', {
        mandate: { id: 'evt_replayed', state: 'rejected', mandateRef: mandateId, occurredAt: t.clock.now().toISOString() },
      }),
    ).toBe('unchanged');
    expect(
      await t.app.payments.payments.applyMandateEvent('sandbox', {
        mandate: { id: 'evt_replayed', state: 'cancelled', mandateRef: mandateId, occurredAt: t.clock.now().toISOString() },
      }),
    ).toBe('duplicate');
    expect((await mandateRow(mandateId)).status).toBe('active');

    const paused = await change(session, order.orderId, 'pause');
    expect(paused.json().data.mandate).toMatchObject({ status: 'paused', pausedBy: 'borrower' });
    expect((await change(session, order.orderId, 'resume')).json().data.mandate).toMatchObject({ status: 'active', pausedBy: '' });
    const cancelled = await change(session, order.orderId, 'cancel');
    expect(cancelled.json().data).toMatchObject({ canSetUp: 1, mandate: { status: 'cancelled' } });
    expect((await change(session, order.orderId, 'cancel')).json().message).toBe(enIN.autopayNoMandate);
    // an ended mandate never comes back to life
    await t.app.payments.gateway.sendMandate('active', { mandateRef: mandateId });
    expect((await mandateRow(mandateId)).status).toBe('cancelled');
  });

  it('is refused on another borrower loan, in Indonesia, and answers in the borrower language', async () => {
    const owner = await freshBorrower(Market.India);
    const other = await freshBorrower(Market.India);
    const order = dueSoon(owner);
    const stranger = await setUp(other, order.orderId);
    expect(stranger.statusCode).toBe(403);
    expect((await autopay(other, order.orderId)).statusCode).toBe(403);
    expect((await change(other, order.orderId, 'cancel')).statusCode).toBe(403);
    expect(
      await t.database.db
        .select()
        .from(mandates)
        .where(eq(mandates.orderId, Number(order.orderId))),
    ).toHaveLength(0);

    const indonesian = await freshBorrower(Market.Indonesia);
    const refused = await setUp(indonesian, dueSoon(indonesian).orderId, 'ID');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(idID.autopayUnavailable);
    expect(refused.json().code).toBe(ResultCode.InvalidRequest);
  });

  it('is answered for the payer from /dev/payments: approved, paused and resumed in the UPI app (not by the borrower), cancelled there', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoon(session);
    const { mandateId } = (await setUp(session, order.orderId)).json().data;
    const page = await t.app.inject({ method: 'GET', url: '/dev/payments' });
    expect(page.body).toContain(mandateId);
    const act = (action: string) => t.app.inject({ method: 'POST', url: '/dev/payments/mandate', payload: { mandateId, action } });
    expect((await act('debits-paid')).json().data.status).toBe('active');
    expect((await act('pause')).json().data.status).toBe('paused');
    expect((await autopay(session, order.orderId)).json().data.mandate).toMatchObject({ status: 'paused', pausedBy: 'gateway' });
    expect((await change(session, order.orderId, 'resume')).json().message).toBe(enIN.autopayActionRefused);
    expect((await act('resume')).json().data.status).toBe('active');
    expect((await act('cancel')).json().data.status).toBe('cancelled');
    expect((await act('pause')).statusCode).toBe(404);
  });

  it('is rejected when the payer declines it, and a new one may then be set up', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoon(session);
    const { mandateId } = (await setUp(session, order.orderId)).json().data;
    await answer(mandateId, 'reject');
    expect(await mandateRow(mandateId)).toMatchObject({ status: 'rejected', failureReason: 'rejected_by_payer' });
    expect((await setUp(session, order.orderId)).statusCode).toBe(200);
  });

  it('sends the pre-debit notice the day before in IST hours, at least 24 hours ahead, and debits on the due date once, posted through the waterfall', async () => {
    const { session, order, period, orderNo } = await withActiveMandate();
    const owed = await owedOf(order.orderId);
    const due = period.dueDate;

    // two days before, and the day before at 07:30 IST (before sending hours): nothing
    await runAt(istHourOn(addDays(due, -2), 10));
    await runAt(new Date(istHourOn(addDays(due, -1), 7).getTime() + 30 * 60_000));
    expect(
      await t.database.db
        .select()
        .from(mandateDebits)
        .where(eq(mandateDebits.orderId, Number(order.orderId))),
    ).toHaveLength(0);

    // the day before at 10:00 IST: the notice, with the amount and the debit's date, by SMS and in the message centre
    const noticeAt = istHourOn(addDays(due, -1), 10);
    await runAt(noticeAt);
    const [debit] = await t.database.db
      .select()
      .from(mandateDebits)
      .where(eq(mandateDebits.orderId, Number(order.orderId)));
    expect(debit).toMatchObject({ status: 'notified', amountMinor: owed, periodNo: period.periodNo, dueDate: due });
    expect(debit!.debitNotBefore.getTime() - debit!.notifiedAt.getTime()).toBe(24 * 60 * 60_000);
    expect(debit!.debitNotBefore.getTime()).toBe(istHourOn(due, 10).getTime());
    const values = { amount: formatMoney(owed, Market.India), date: formatDate(debit!.debitNotBefore, Market.India), orderNo };
    const messages = (await call(t.app, 'messages', { session, query: { market: 'IN' }, body: {} })).json().data;
    const notice = messages.list.find((message: { kind: string }) => message.kind === 'autopayDebit');
    expect(notice.text).toBe(interpolate(enIN.messageAutopayDebitText, values));
    const inbox = await t.database.db.select({ body: smsOutbox.body }).from(smsOutbox).where(like(smsOutbox.dedupeKey, 'autopay:%'));
    const bodies = inbox.map((row) => row.body).filter((body) => body.includes(orderNo));
    expect(bodies).toEqual([interpolate(enIN.autopayDebitSms, values)]);

    // the same day again: no second notice; on the due date one minute before the 24 hours: no debit
    await runAt(istHourOn(addDays(due, -1), 16));
    await runAt(new Date(istHourOn(due, 10).getTime() - 60_000));
    expect(await repaymentsOf(order.orderId)).toHaveLength(0);

    // at 10:00 IST on the due date: the debit, paid by the sandbox's signed webhook, posted once
    await runAt(istHourOn(due, 10));
    const postings = await repaymentsOf(order.orderId);
    expect(postings).toHaveLength(1);
    expect(Number(postings[0]!.amountMinor)).toBe(owed);
    expect(await owedOf(order.orderId)).toBe(0);
    const [paid] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(order.orderId)));
    expect(paid).toMatchObject({ method: 'autopay', status: 'paid', amountMinor: owed });
    await runAt(istHourOn(due, 12));
    expect(await repaymentsOf(order.orderId)).toHaveLength(1);
    expect((await autopay(session, order.orderId)).json().data.mandate.debits).toEqual([
      { dueDate: formatDate(`${due}T12:00:00Z`, Market.India), amountText: formatMoney(owed, Market.India), status: 'paid' },
    ]);
  });

  it('shows each mandate and its debits on the console order page, read-only', async () => {
    const { order, period, mandateId } = await withActiveMandate();
    await runAt(istHourOn(addDays(period.dueDate, -1), 10));
    await runAt(istHourOn(period.dueDate, 10));
    await seedConsoleDemo(t.database.db, t.clock);
    const agent = await signIn(t.app, t.clock, 'agent');
    const page = await consoleCall(t.app, 'GET', `/orders/${order.orderId}`, { session: agent });
    expect(page.statusCode, page.body).toBe(200);
    const [mandate] = page.json().data.mandates;
    expect(mandate).toMatchObject({
      id: mandateId,
      status: 'active',
      method: 'upi',
      gateway: 'sandbox',
      maxAmount: expect.stringMatching(/^₹/),
    });
    expect(mandate.debits).toMatchObject([{ dueDate: period.dueDate, status: 'paid', skipReason: '' }]);
    expect(mandate.debits[0].paymentId).toMatch(/^RP/);
  });

  it('a failed debit is not retried and the loan falls overdue exactly as without a mandate', async () => {
    const { order, period } = await withActiveMandate('debits-fail');
    const due = period.dueDate;
    await runAt(istHourOn(addDays(due, -1), 10));
    await runAt(istHourOn(due, 11));
    const rows = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, Number(order.orderId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: 'autopay', status: 'failed', failureReason: 'insufficient_funds' });
    expect(await repaymentsOf(order.orderId)).toHaveLength(0);
    // the next day: overdue, no second presentation
    await runAt(istHourOn(addDays(due, 1), 11));
    expect(await statusOf(order.orderId)).toBe(OrderStatus.Overdue);
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, Number(order.orderId))),
    ).toHaveLength(1);
  });

  it('a paused mandate debits nothing, and a notice not sent the day before means no debit that due date', async () => {
    const { session, order, period } = await withActiveMandate();
    const due = period.dueDate;
    await runAt(istHourOn(addDays(due, -1), 10));
    t.clock.set(istHourOn(addDays(due, -1), 12));
    await change(session, order.orderId, 'pause');
    await runAt(istHourOn(due, 11));
    const [debit] = await t.database.db
      .select()
      .from(mandateDebits)
      .where(eq(mandateDebits.orderId, Number(order.orderId)));
    expect(debit).toMatchObject({ status: 'skipped', skipReason: 'paused' });
    expect(
      await t.database.db
        .select()
        .from(payments)
        .where(eq(payments.orderId, Number(order.orderId))),
    ).toHaveLength(0);

    // authorised on the due date itself: no notice could go 24 hours before, so nothing is debited
    const late = await freshBorrower(Market.India);
    const lateOrder = dueSoon(late);
    const latePeriod = await firstPeriod(lateOrder.orderId);
    t.clock.set(istHourOn(latePeriod.dueDate, 9));
    const { mandateId } = (await setUp(late, lateOrder.orderId)).json().data;
    await answer(mandateId, 'debits-paid');
    await runAt(istHourOn(latePeriod.dueDate, 12));
    expect(
      await t.database.db
        .select()
        .from(mandateDebits)
        .where(eq(mandateDebits.orderId, Number(lateOrder.orderId))),
    ).toHaveLength(0);
  });

  it('a manual payment before the debit skips it; a code paid after the debit posted is kept as an overpayment to refund, never posted twice', async () => {
    const { session, order, period } = await withActiveMandate();
    const due = period.dueDate;
    await runAt(istHourOn(addDays(due, -1), 10));
    const owed = await owedOf(order.orderId);

    // the borrower opens a UPI code on the due date morning and pays it before the debit's hour
    t.clock.set(istHourOn(due, 8));
    const code = (
      await call(t.app, 'upiPayment', { session, query: { market: 'IN' }, body: { orderId: order.orderId, amount: String(owed) } })
    ).json().data;
    await t.app.inject({ method: 'POST', url: '/dev/payments/pay', payload: { vcode: code.intentUrl, payer: 'success@razorpay' } });
    await runAt(istHourOn(due, 10));
    const [debit] = await t.database.db
      .select()
      .from(mandateDebits)
      .where(eq(mandateDebits.orderId, Number(order.orderId)));
    // the loan paid off: its mandate is cancelled at the gateway and here, and the notified debit is never made
    expect(debit).toMatchObject({ status: 'skipped', paymentId: null });
    expect(
      await t.database.db
        .select()
        .from(mandates)
        .where(eq(mandates.orderId, Number(order.orderId))),
    ).toMatchObject([{ status: 'cancelled', failureReason: 'loan_closed' }]);
    expect(await repaymentsOf(order.orderId)).toHaveLength(1);
    expect(await owedOf(order.orderId)).toBe(0);

    // the other order: a code opened before the debit, paid after it posted
    const second = await withActiveMandate();
    const due2 = second.period.dueDate;
    await runAt(istHourOn(addDays(due2, -1), 10));
    const owed2 = await owedOf(second.order.orderId);
    // 15 minutes before the debit's hour: the code (30 minutes) is still open when the debit lands
    t.clock.set(new Date(istHourOn(due2, 10).getTime() - 15 * 60_000));
    const open = (
      await call(t.app, 'upiPayment', {
        session: second.session,
        query: { market: 'IN' },
        body: { orderId: second.order.orderId, amount: String(owed2) },
      })
    ).json().data;
    await runAt(istHourOn(due2, 10));
    expect(await owedOf(second.order.orderId)).toBe(0);
    const late = await t.app.inject({
      method: 'POST',
      url: '/dev/payments/pay',
      payload: { vcode: open.intentUrl, payer: 'success@razorpay' },
    });
    expect(late.statusCode, late.body).toBe(200);
    const postings = await repaymentsOf(second.order.orderId);
    // the loan was repaid once: the second payment's money is all overpayment, kept for a refund
    expect(postings).toHaveLength(2);
    const meta = postings.map((row) => row.meta as { overpaymentMinor?: number });
    expect(meta.filter((entry) => entry.overpaymentMinor === owed2)).toHaveLength(1);
    expect(meta.filter((entry) => entry.overpaymentMinor === undefined)).toHaveLength(1);
  });
});
