import { formatMoney, interpolate, Market, OrderStatus, ResultCode } from '@kilat/contract';
import type { Message } from '@kilat/contract/schemas';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderPeriods, payouts, products } from '../../db/schema.js';
import { addDays } from '../../lending/business-date.js';
import { call, useTestApp } from '../../test/app.js';
import { cardFlow, type FreshBorrower } from '../../test/card-flow.js';
import { giveDisbursalAccount, payOutApproved } from '../../test/disbursal.js';
import { payoffOf } from '../../test/payoff.js';
import { DUE_REMINDERS_JOB, localHourOn } from '../jobs/due-reminders.js';
import { SIGNATURE_HEADER, signatureHeader } from '../payments/gateways/sandbox/webhook-signature.js';

const t = useTestApp();
const flow = () => cardFlow(t);

const messagesOf = async (session: FreshBorrower, market: Market = session.market) => {
  const response = await call(t.app, 'messages', { session, query: { market } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { list: Message[]; unread: number };
};
const unreadOf = async (session: FreshBorrower) =>
  (await call(t.app, 'messagesUnread', { session, query: { market: session.market } })).json().data.unread as number;
const read = (session: FreshBorrower, messageId: string) =>
  call(t.app, 'messagesRead', { session, query: { market: session.market }, body: { messageId } });

/** A new borrower with one loan open (so a new one fits the limit: issue 29) and a validated account. */
const lendingBorrower = async (market: Market): Promise<FreshBorrower> => {
  const borrower: FreshBorrower = (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=due` })).json();
  await giveDisbursalAccount(t, Number(borrower.userId));
  return borrower;
};

/** Submits a loan of the market's first product for the borrower; answers the order's id. */
const submitLoan = async (borrower: FreshBorrower) => {
  const [product] = (await t.database.db.select().from(products).where(eq(products.market, borrower.market))).sort(
    (a, b) => a.sortOrder - b.sortOrder,
  );
  const body = {
    productId: String(product!.id),
    amount: String(product!.amountMinMinor),
    periods: String(product!.termDays),
    termUnit: '1',
  };
  const response = await call(t.app, 'loanPush', { session: borrower, query: { market: borrower.market }, body });
  expect(response.statusCode, response.body).toBe(200);
  return new URL(response.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')!;
};

/** A borrower with one approved and disbursed loan whose two messages show now. */
const borrowerWithMessages = async (market: Market) => {
  const borrower = await lendingBorrower(market);
  const orderId = await submitLoan(borrower);
  await payOutApproved(t);
  return { borrower, orderId };
};

describe('the message centre', () => {
  it.each([
    [Market.India, enIN],
    [Market.Indonesia, idID],
  ])('tells a %s borrower of the approval and the disbursal when each happens, newest first, in their language', async (market, pack) => {
    const borrower = await lendingBorrower(market);
    const orderId = await submitLoan(borrower);
    // decided at submit and told at once (issue 29: no future-dated decision)
    const approved = await messagesOf(borrower);
    expect(approved.list.map((message) => message.kind)).toEqual(['approved']);
    expect(approved.unread).toBe(1);

    t.clock.advance(1000);
    await t.app.disbursal.run(t.clock.now());
    const { list, unread } = await messagesOf(borrower);
    expect(unread).toBe(2);
    expect(list.map((message) => message.kind)).toEqual(['disbursed', 'approved']);
    const orderNo = list[0]!.orderNo;
    expect(orderNo).toMatch(/^KL/);
    const [payout] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.orderId, Number(orderId)));
    expect(payout!.utr).toMatch(/^\d{12}$/);
    expect(list[0]).toMatchObject({
      title: pack.messageDisbursedTitle,
      // the amount, the account's ending, the day it landed and the bank's reference
      text: interpolate(pack.messageDisbursedText, {
        orderNo,
        last4: '1234',
        amount: formatMoney(payout!.amountMinor, market),
        date: t.clock.today(market),
        utr: payout!.utr!,
      }),
      isRead: 0,
      orderId,
      complaintId: '',
    });
    expect(list[1]!.text).toBe(interpolate(pack.messageApprovedText, { orderNo }));
    expect(Date.parse(list[0]!.shownAt)).toBeGreaterThan(Date.parse(list[1]!.shownAt));
    // the text is rendered on read: the other pack reads the same message in its language
    const other = market === Market.India ? Market.Indonesia : Market.India;
    const otherPack = market === Market.India ? idID : enIN;
    expect((await messagesOf(borrower, other)).list[0]!.title).toBe(otherPack.messageDisbursedTitle);
    expect(await unreadOf(borrower)).toBe(2);
  });

  it('writes nothing more for the same submit repeated (a double tap)', async () => {
    const borrower = await lendingBorrower(Market.India);
    const [first, second] = await Promise.all([submitLoan(borrower), submitLoan(borrower)]);
    expect(second).toBe(first);
    await payOutApproved(t);
    expect((await messagesOf(borrower)).list.map((message) => message.kind)).toEqual(['disbursed', 'approved']);
  });

  it('marks one message read, then all; reading again changes nothing', async () => {
    const { borrower } = await borrowerWithMessages(Market.India);
    const { list } = await messagesOf(borrower);
    const once = await read(borrower, list[1]!.messageId);
    expect(once.statusCode).toBe(200);
    expect(once.json().data).toEqual({ unread: 1 });
    expect((await read(borrower, list[1]!.messageId)).json().data).toEqual({ unread: 1 });
    const after = await messagesOf(borrower);
    expect(after.list.map((message) => message.isRead)).toEqual([0, 1]);

    expect((await read(borrower, 'all')).json().data).toEqual({ unread: 0 });
    expect((await read(borrower, 'all')).json().data).toEqual({ unread: 0 });
    expect(await unreadOf(borrower)).toBe(0);
  });

  it('marks read twice at once without an error', async () => {
    const { borrower } = await borrowerWithMessages(Market.Indonesia);
    const { list } = await messagesOf(borrower);
    const responses = await Promise.all([read(borrower, list[0]!.messageId), read(borrower, list[0]!.messageId), read(borrower, 'all')]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(await unreadOf(borrower)).toBe(0);
  });

  it("refuses another borrower's message and an unknown one, and changes neither", async () => {
    const { borrower } = await borrowerWithMessages(Market.India);
    const stranger = await flow().freshBorrower(Market.India);
    const { list } = await messagesOf(borrower);
    const refused = await read(stranger, list[0]!.messageId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: ResultCode.Forbidden, message: enIN.forbidden, data: null });
    expect(await unreadOf(borrower)).toBe(2);
    expect((await read(borrower, '999999999999')).statusCode).toBe(404);
    expect(await messagesOf(stranger)).toEqual({ list: [], unread: 0 });
  });

  it("refuses bad input in the borrower's language and marks nothing", async () => {
    const { borrower } = await borrowerWithMessages(Market.Indonesia);
    for (const messageId of ['', 'abc', '-1', '1; drop table', '1234567890123456']) {
      const response = await read(borrower, messageId);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: ResultCode.InvalidRequest,
        message: interpolate(idID.invalidRequest, { fields: 'messageId' }),
        data: null,
      });
    }
    const missing = await call(t.app, 'messagesRead', { session: borrower, query: { market: borrower.market } });
    expect(missing.statusCode).toBe(400);
    expect(await unreadOf(borrower)).toBe(2);
  });

  it('answers 401 to every call without a session', async () => {
    for (const name of ['messages', 'messagesUnread', 'messagesRead'] as const) {
      const response = await call(t.app, name, { query: { market: Market.India }, body: { messageId: 'all' } });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe(ResultCode.Unauthenticated);
    }
  });

  it('tells the borrower once when a payment closes the loan, even when the webhook comes twice', async () => {
    const borrower = await flow().freshBorrower(Market.Indonesia);
    const order = flow().orderIn(borrower, OrderStatus.DueSoon);
    // what closes it today: interest to the day (DESIGN §4)
    const owed = await payoffOf(t, order.orderId);
    const opened = await call(t.app, 'generateVirtualAccount', {
      session: borrower,
      body: {
        productId: order.productId,
        orderId: order.orderId,
        amount: String(owed),
        payCode: 'BCA',
        pay_type: '1',
        is_default: '0',
        is_display: '1',
        specific_num: 'ATM',
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const publicId = opened.json().data.cardNo as string;
    const rawBody = JSON.stringify({
      id: `evt_messages_${publicId}`,
      type: 'payment.succeeded',
      gatewayRef: `va_test_${publicId}`,
      paymentRef: publicId,
      amountMinor: opened.json().data.amount,
      occurredAt: t.clock.now().toISOString(),
    });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/payments/sandbox',
        payload: rawBody,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signatureHeader(t.config.payments.webhookSecret, rawBody, Math.floor(t.clock.now().getTime() / 1000)),
        },
      });
    const responses = await Promise.all([deliver(), deliver()]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    expect((await deliver()).statusCode).toBe(200);
    const { list } = await messagesOf(borrower);
    expect(list.map((message) => message.kind)).toEqual(['repaid']);
    expect(list[0]).toMatchObject({ orderId: order.orderId, text: interpolate(idID.messageRepaidText, { orderNo: order.orderNo }) });
  });

  it('tells the borrower of each reply to their complaint, linking the complaint', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const order = flow().orderIn(borrower, OrderStatus.Overdue);
    const saved = await call(t.app, 'problemSave', {
      session: borrower,
      query: { market: borrower.market },
      body: { problemType: '2', problemDetail: 'Paid twice this month', problemImage: '', orderNo: order.orderNo },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const problemId = saved.json().data.problemId as number;
    await t.app.complaints.reply(problemId, { text: 'We are checking it.', images: [], author: 'operator:1' });
    const { list } = await messagesOf(borrower);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ kind: 'complaintReplied', complaintId: String(problemId), orderId: order.orderId });
    expect(list[0]!.text).toBe(interpolate(enIN.messageComplaintRepliedText, { orderNo: order.orderNo }));
  });

  it('tells the borrower of each due reminder the SMS goes out for, once however often the job runs', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const order = flow().orderIn(borrower, OrderStatus.DueSoon);
    const [period] = await t.database.db
      .select()
      .from(orderPeriods)
      .where(eq(orderPeriods.orderId, Number(order.orderId)))
      .orderBy(orderPeriods.periodNo);
    const dueDate = period!.dueDate;
    const start = t.clock.now();
    try {
      for (const [date, hour] of [
        [addDays(dueDate, -3), 10],
        [addDays(dueDate, -3), 16],
        [addDays(dueDate, 1), 10],
        [addDays(dueDate, 1), 12],
      ] as const) {
        t.clock.set(localHourOn(date, hour, Market.India));
        await t.app.jobs.runNow(DUE_REMINDERS_JOB);
      }
      // (the borrower's other overdue loan gets its own overdue reminder too: it catches up, issue 48)
      const list = (await messagesOf(borrower)).list.filter((message) => message.orderId === order.orderId);
      expect(list.map((message) => message.kind)).toEqual(['overdue', 'dueSoon']);
      // the overdue one states what was owed and the late fees in it, as its SMS did (issue 48)
      const inbox = (await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${encodeURIComponent(borrower.phone)}` })).json().data as {
        body: string;
      }[];
      const sms = inbox.find((each) => each.body.includes(order.orderNo) && each.body.includes('overdue'))!.body;
      const [, amount, penalty] = sms.match(/Owed today: (₹[\d,.]+), of which late fees (₹[\d,.]+)\./)!;
      expect(list.map((message) => message.text)).toEqual([
        interpolate(enIN.messageOverdueOwedText, {
          orderNo: order.orderNo,
          date: dueDate,
          overdueFor: '1 day',
          amount: amount!,
          penalty: penalty!,
        }),
        interpolate(enIN.messageDueIn3DaysText, { orderNo: order.orderNo, date: dueDate }),
      ]);
    } finally {
      t.clock.set(start);
    }
  });
});
