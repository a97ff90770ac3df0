import { formatMoney, interpolate, Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderPeriods, orders } from '../../db/schema.js';
import { addDays } from '../../lending/business-date.js';
import { call, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { cardFlow, type FreshBorrower, TestCards } from '../../test/card-flow.js';
import { PENALTY_ACCRUAL_JOB } from '../loans/penalty-accrual.js';
import { smsOutbox } from '../sms/outbox-table.js';
import { DUE_REMINDERS_JOB, localHourOn } from './due-reminders.js';

const t = useTestApp();
let flow: ReturnType<typeof cardFlow>;

beforeAll(async () => {
  flow = cardFlow(t);
}, SETUP_TIMEOUT_MS);

const packs = { [Market.India]: enIN, [Market.Indonesia]: idID };

/** The borrower's order due in the next days, with its order number and the due date in force. */
const dueSoonOrder = async (borrower: FreshBorrower) => {
  const { orderId } = flow.orderIn(borrower, OrderStatus.DueSoon);
  const [order] = await t.database.db
    .select()
    .from(orders)
    .where(eq(orders.id, Number(orderId)));
  const periods = await t.database.db
    .select()
    .from(orderPeriods)
    .where(eq(orderPeriods.orderId, Number(orderId)))
    .orderBy(orderPeriods.periodNo);
  return { orderId, productId: order!.productId, orderNo: order!.orderNo, phone: borrower.phone, dueDate: periods[0]!.dueDate };
};

/** Loan details' 'Amount due' and 'Late penalty' (₹0.00 when there is none) as the borrower reads them now. */
const owedOnLoanDetails = async (borrower: FreshBorrower, order: { orderId: string; productId: number }) => {
  // a session of today (the clock may have moved past the one the borrower was given)
  borrower.sessionId = (await t.app.auth.sessions.issue(Number(borrower.userId), borrower.deviceId)).token;
  const response = await call(t.app, 'loanDetails', {
    session: borrower,
    query: { market: borrower.market },
    body: { orderId: order.orderId, productId: String(order.productId) },
  });
  const rows = response.json().data.userOrderDetail.detail as { text: string; value: string }[];
  const pack = packs[borrower.market];
  return {
    amount: rows.find((row) => row.text === pack.loanAmountDue)!.value,
    penalty: rows.find((row) => row.text === pack.loanPenalty)?.value ?? formatMoney(0, borrower.market),
  };
};

interface Reminded {
  phone: string;
  orderNo: string;
}

/** Moves the clock to a wall-clock hour of a day in the market, runs the job and answers the SMS of one order. */
const runOn = async (market: Market, date: string, hour: number, order: Reminded) => {
  t.clock.set(localHourOn(date, hour, market));
  const run = await t.app.jobs.runNow(DUE_REMINDERS_JOB);
  expect(run).not.toBeNull();
  return remindersOf(order);
};

/** The reminders of one order in the borrower's development inbox, oldest first. */
const remindersOf = async ({ phone, orderNo }: Reminded) => {
  const response = await t.app.inject({ method: 'GET', url: `/dev/sms?phone=${encodeURIComponent(phone)}` });
  const inbox = response.json().data as { body: string; purpose: string }[];
  // a loan paid off also gets its closure letter's link (issue 49): that is not a reminder
  const reminders = inbox.filter((sms) => sms.body.includes(orderNo) && sms.purpose !== 'closure');
  expect(reminders.every((sms) => sms.purpose === 'reminder')).toBe(true);
  return reminders.map((sms) => sms.body).reverse();
};

describe('due reminders', () => {
  it.each([Market.India, Market.Indonesia])(
    'sends %s borrowers 3 days and 1 day before, on the due date and on the first overdue day, each once, in their language',
    async (market) => {
      const borrower = await flow.freshBorrower(market);
      const order = await dueSoonOrder(borrower);
      const pack = packs[market];
      const text = (key: 'reminderDueIn3Days' | 'reminderDueTomorrow' | 'reminderDueToday') =>
        interpolate(pack[key], { orderNo: order.orderNo, date: order.dueDate });

      expect(await runOn(market, addDays(order.dueDate, -4), 10, order)).toEqual([]);
      expect(await runOn(market, addDays(order.dueDate, -3), 10, order)).toEqual([text('reminderDueIn3Days')]);
      // the job runs every half hour: the same day again sends nothing new
      expect(await runOn(market, addDays(order.dueDate, -3), 16, order)).toEqual([text('reminderDueIn3Days')]);
      expect(await runOn(market, addDays(order.dueDate, -2), 10, order)).toHaveLength(1);
      expect(await runOn(market, addDays(order.dueDate, -1), 9, order)).toEqual([text('reminderDueIn3Days'), text('reminderDueTomorrow')]);
      expect(await runOn(market, order.dueDate, 12, order)).toHaveLength(3);
      const sent = await runOn(market, addDays(order.dueDate, 1), 18, order);
      // the overdue one says how late, what is owed and the late fees in it, as loan details does (issue 48)
      const overdue = interpolate(pack.reminderOverdue, {
        orderNo: order.orderNo,
        date: order.dueDate,
        overdueFor: pack.dayCountOne,
        ...(await owedOnLoanDetails(borrower, order)),
      });
      expect(sent).toEqual([text('reminderDueIn3Days'), text('reminderDueTomorrow'), text('reminderDueToday'), overdue]);
      expect(overdue).not.toMatch(/\{\w+\}|1 days/);
      expect(await runOn(market, addDays(order.dueDate, 2), 10, order)).toHaveLength(4);
    },
  );

  it('catches up: a loan first found 10 days past its due date gets its overdue reminder once, with what it owes and the late fees', async () => {
    const market = Market.India;
    const borrower = await flow.freshBorrower(market);
    const order = await dueSoonOrder(borrower);
    // the job never ran while the loan fell due: the penalties catch up, and so does the reminder
    t.clock.set(localHourOn(addDays(order.dueDate, 10), 10, market));
    expect(await t.app.jobs.runNow(PENALTY_ACCRUAL_JOB)).not.toBeNull();
    const owed = await owedOnLoanDetails(borrower, order);
    expect(owed.penalty).not.toBe(formatMoney(0, market));
    const sent = await runOn(market, addDays(order.dueDate, 10), 10, order);
    expect(sent).toEqual([
      interpolate(enIN.reminderOverdue, { orderNo: order.orderNo, date: order.dueDate, overdueFor: '10 days', ...owed }),
    ]);
    // the next day: no second one for the same due date
    expect(await runOn(market, addDays(order.dueDate, 11), 10, order)).toHaveLength(1);
  });

  it('sends nothing between 19:00 and 08:00 local time: a night run leaves the day, an early run holds the SMS until 08:00', async () => {
    const market = Market.India;
    const borrower = await flow.freshBorrower(market);
    const order = await dueSoonOrder(borrower);

    // 21:00 the day before the due date: the day's window has closed, nothing is written
    expect(await runOn(market, addDays(order.dueDate, -1), 21, order)).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(smsOutbox)
        .where(like(smsOutbox.body, `%${order.orderNo}%`)),
    ).toEqual([]);

    // 06:00 on the due date: written, held until 08:00 local
    expect(await runOn(market, order.dueDate, 6, order)).toEqual([]);
    const [held] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(like(smsOutbox.body, `%${order.orderNo}%`));
    expect(held).toMatchObject({
      status: 'pending',
      notBefore: localHourOn(order.dueDate, 8, market),
      notAfter: localHourOn(order.dueDate, 19, market),
    });
    t.clock.set(localHourOn(order.dueDate, 7, market));
    expect(await remindersOf(order)).toEqual([]);

    t.clock.set(new Date(localHourOn(order.dueDate, 8, market).getTime() + 1000));
    expect(await remindersOf(order)).toEqual([interpolate(enIN.reminderDueToday, { orderNo: order.orderNo, date: order.dueDate })]);
  });

  it('drops a held reminder that could not leave before 19:00 instead of sending it at night', async () => {
    const market = Market.Indonesia;
    const borrower = await flow.freshBorrower(market);
    const order = await dueSoonOrder(borrower);
    expect(await runOn(market, order.dueDate, 7, order)).toEqual([]);
    // the server was down all day: at 20:00 the message is past its window
    t.clock.set(localHourOn(order.dueDate, 20, market));
    expect(await remindersOf(order)).toEqual([]);
    const [row] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(like(smsOutbox.body, `%${order.orderNo}%`));
    expect(row!.status).toBe('expired');
  });

  it('sends nothing for an order that is paid off', async () => {
    const market = Market.India;
    const borrower = await flow.freshBorrower(market);
    const order = await dueSoonOrder(borrower);
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId });
    const paid = await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
    expect(paid.json().code).toBe('00');

    expect(await runOn(market, addDays(order.dueDate, -1), 10, order)).toEqual([]);
    expect(await runOn(market, order.dueDate, 10, order)).toEqual([]);
    expect(await runOn(market, addDays(order.dueDate, 1), 10, order)).toEqual([]);
  });

  it('follows an extension: the due date in force gets its own reminders, the old one none', async () => {
    const market = Market.India;
    const borrower = await flow.freshBorrower(market);
    const order = await dueSoonOrder(borrower);
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId, purpose: 'delay' });
    const extended = await flow.commit(borrower, { orderId: order.orderId, amount: way.amount, cardId, repayToken: way.repayToken });
    expect(extended.json().code).toBe('00');
    const moved = await dueSoonOrderAfterExtension(order.orderId);
    expect(moved > order.dueDate).toBe(true);

    expect(await runOn(market, order.dueDate, 10, order)).toEqual([]);
    expect(await runOn(market, addDays(order.dueDate, 1), 10, order)).toEqual([]);
    expect(await runOn(market, addDays(moved, -1), 10, order)).toEqual([
      interpolate(enIN.reminderDueTomorrow, { orderNo: order.orderNo, date: moved }),
    ]);
  });

  it('reminds of the installment owed now: none for a period paid ahead, one for the next', async () => {
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const { orderId } = flow.orderIn(borrower, OrderStatus.InstallmentPartlyPaid);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(orderId)));
    const periods = await t.database.db
      .select()
      .from(orderPeriods)
      .where(eq(orderPeriods.orderId, Number(orderId)))
      .orderBy(orderPeriods.periodNo);
    const [, second, third] = periods;
    // period 2 paid ahead (prepayment is open on day 95 of 180): its own amount, by card
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const amount = second!.principalMinor + second!.interestMinor + second!.feeMinor;
    const way = await flow.openPayment(borrower, { orderId, amount: String(amount) });
    expect((await flow.commit(borrower, { orderId, amount, cardId, repayToken: way.repayToken })).json().code).toBe('00');

    const reminded = { phone: borrower.phone, orderNo: order!.orderNo };
    expect(await runOn(Market.Indonesia, addDays(second!.dueDate, -3), 10, reminded)).toEqual([]);
    expect(await runOn(Market.Indonesia, addDays(third!.dueDate, -3), 10, reminded)).toEqual([
      interpolate(idID.reminderDueIn3Days, { orderNo: order!.orderNo, date: third!.dueDate }),
    ]);
  });
});

const dueSoonOrderAfterExtension = async (orderId: string) => {
  const [period] = await t.database.db
    .select()
    .from(orderPeriods)
    .where(eq(orderPeriods.orderId, Number(orderId)));
  return period!.dueDate;
};
