/**
 * Issue 47 item 10 on the order actions, through the real app and database: a checker's reason is
 * kept on the request and its audit row; a reminder is resent only from 3 days before the due date,
 * states the amount due, and its refusals write dates as the console does.
 */
import { formatMoney, Market, OrderStatus } from '@kilat/contract';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, type Order, orderApprovals } from '../../../db/schema.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { makeOrder } from '../../../test/factories.js';
import { localHourOn } from '../../jobs/due-reminders.js';
import { smsOutbox } from '../../sms/outbox-table.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
let supervisor: ConsoleSession;
let risk: ConsoleSession;
let riskTwo: ConsoleSession;
let checker: Awaited<ReturnType<typeof addOperator>>;

const signInAll = async () => {
  supervisor = await signIn(t.app, t.clock, 'supervisor');
  risk = await signIn(t.app, t.clock, 'risk');
  riskTwo = await signIn(t.app, t.clock, checker);
};

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  checker = await addOperator(t.database.db, t.clock, { email: 'checker@kilat.test', name: 'Cheki Checker', role: 'risk' });
  // 10:00 in India, inside the sending hours, on a day ahead (the clock only moves forward)
  const next = localHourOn(t.clock.today('IN'), 10, 'IN');
  t.clock.set(next.getTime() > t.clock.now().getTime() ? next : new Date(next.getTime() + 24 * 3_600_000));
  await signInAll();
}, SETUP_TIMEOUT_MS);

const auditOf = (action: string, orderId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(orderId))));

describe("a checker's reason (issue 47 item 10)", () => {
  it('is kept on the request, shown with it, and written to the audit row of a rejection and an approval', async () => {
    const askWriteOff = async (order: Order) =>
      (
        await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, {
          session: risk,
          body: { reason: 'Borrower unreachable for 120 days' },
        })
      ).json().data.id as number;
    const rejectedOrder = await makeOrder(t, { status: OrderStatus.Overdue });
    const rejectedId = await askWriteOff(rejectedOrder);
    const rejected = await consoleCall(t.app, 'POST', `/write-offs/${rejectedId}/reject`, {
      session: riskTwo,
      body: { reason: 'A promise to pay was logged yesterday' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [row] = await t.database.db.select().from(orderApprovals).where(eq(orderApprovals.id, rejectedId));
    expect(row).toMatchObject({ status: 'rejected', decisionReason: 'A promise to pay was logged yesterday' });
    const [audit] = await auditOf('write-off.reject', rejectedOrder.id);
    expect(audit!.after).toMatchObject({ checkerReason: 'A promise to pay was logged yesterday', status: 'rejected' });
    const view = (await consoleCall(t.app, 'GET', `/orders/${rejectedOrder.id}/actions`, { session: risk })).json().data;
    expect(view.writeOff.requests[0]).toMatchObject({ status: 'rejected', decisionReason: 'A promise to pay was logged yesterday' });

    // an approval's reason too; a decision without one still works, and a reason too short is refused, deciding nothing
    const approvedOrder = await makeOrder(t, { status: OrderStatus.Overdue });
    const approvedId = await askWriteOff(approvedOrder);
    const short = await consoleCall(t.app, 'POST', `/write-offs/${approvedId}/approve`, { session: riskTwo, body: { reason: 'ok' } });
    expect(short.statusCode).toBe(400);
    expect((await t.database.db.select().from(orderApprovals).where(eq(orderApprovals.id, approvedId)))[0]!.status).toBe('pending');
    const approved = await consoleCall(t.app, 'POST', `/write-offs/${approvedId}/approve`, {
      session: riskTwo,
      body: { reason: 'Checked the contact log: no answer since June' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await auditOf('write-off.approve', approvedOrder.id))[0]!.after).toMatchObject({
      checkerReason: 'Checked the contact log: no answer since June',
    });
  });
});

describe('a resent reminder (issue 47 item 10)', () => {
  const resend = (order: Order) =>
    consoleCall(t.app, 'POST', `/orders/${order.id}/reminders`, { session: supervisor, body: { reason: 'Borrower asked' } });
  const sms = async (order: Order) =>
    (
      await t.database.db
        .select()
        .from(smsOutbox)
        .where(eq(smsOutbox.dedupeKey, `reminder-resend:${order.id}:${t.clock.today('IN')}`))
    )[0];

  it('is refused for a loan whose due date is more than 3 days away, naming the date as the console writes it, and sends nothing', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Disbursed, disbursedDaysAgo: 1 });
    const [before] = await t.database.db.select({ n: count() }).from(smsOutbox);
    const refused = await resend(order);
    expect(refused.statusCode).toBe(409);
    const message = refused.json().message as string;
    expect(message).toMatch(/due on \d{1,2} [A-Z][a-z]{2} \d{4}, in \d+ days: a reminder can be resent from 3 days before the due date/);
    expect(message).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const [after] = await t.database.db.select({ n: count() }).from(smsOutbox);
    expect(after!.n).toBe(before!.n);
    const actions = (await consoleCall(t.app, 'GET', `/orders/${order.id}/actions`, { session: supervisor })).json().data;
    expect(actions.reminder.refusal).toBe(message);
  });

  it('states the amount due before the due date, and refuses a second one the same day with the time as the console writes it', async () => {
    const order = await makeOrder(t, { status: OrderStatus.DueSoon });
    const sent = await resend(order);
    expect(sent.statusCode, sent.body).toBe(200);
    const body = (await sms(order))!.body;
    expect(body).toContain(order.orderNo);
    expect(body).toMatch(/Amount due: ₹/);
    const [audit] = await auditOf('reminder.resend', order.id);
    const amountDueMinor = (audit!.after as { amountDueMinor: number }).amountDueMinor;
    expect(amountDueMinor).toBeGreaterThan(0);
    expect(body).toContain(`Amount due: ${formatMoney(amountDueMinor, Market.India)}.`);
    const again = await resend(order);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/today already \(\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} IST\): one a day/);
  });
});
