/**
 * The order page's actions (issue 31 item 2, decisions 163 and 164) on a real database through
 * real HTTP: offline repayments against a bank reference, write-offs and refunds with
 * maker-checker, a resent due reminder. Each: the happy path, idempotency, the wrong role, the
 * maker approving their own, an amount too large, and nothing stored on bad input.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { ConsoleCode } from '@kilat/contract/console';
import { and, count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  ledgerEntries,
  type Order,
  orderApprovals,
  orders,
  payments,
  payoutMismatches,
  refundPayouts,
} from '../../../db/schema.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { giveDisbursalAccount, payOutApproved } from '../../../test/disbursal.js';
import { makeOrder } from '../../../test/factories.js';
import { payoffOf } from '../../../test/payoff.js';
import { localHourOn } from '../../jobs/due-reminders.js';
import { postPayment } from '../../ledger/posting.js';
import { PAYOUT_RECONCILIATION_JOB } from '../../payouts/reconciliation.js';
import { smsOutbox } from '../../sms/outbox-table.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
type Role = 'agent' | 'supervisor' | 'risk' | 'admin';
const sessions = {} as Record<Role | 'risk2', ConsoleSession>;
let borrower: DemoSession;
/** a second risk operator: a write-off's checker, never its maker */
let riskTwo: Awaited<ReturnType<typeof addOperator>>;
/** Signs every operator in again (after the clock moved past their idle time). */
const signInAll = async () => {
  for (const role of ['agent', 'supervisor', 'risk', 'admin'] as const) sessions[role] = await signIn(t.app, t.clock, role);
  sessions.risk2 = await signIn(t.app, t.clock, riskTwo);
};
const IN = { market: 'IN' };

const counts = async () => {
  const db = t.database.db;
  const [[l], [a], [r], [s], [p]] = await Promise.all([
    db.select({ n: count() }).from(ledgerEntries),
    db.select({ n: count() }).from(auditLog),
    db.select({ n: count() }).from(orderApprovals),
    db.select({ n: count() }).from(smsOutbox),
    db.select({ n: count() }).from(refundPayouts),
  ]);
  return { ledger: l!.n, audit: a!.n, approvals: r!.n, sms: s!.n, refundPayouts: p!.n };
};

const detailsOf = async (order: Order) =>
  (
    await call(t.app, 'loanDetails', {
      session: borrower,
      query: IN,
      body: { productId: String(order.productId), orderId: String(order.id) },
    })
  ).json().data as { orderStatus: number; noticeStatusText: string; userOrderDetail: { detail: { text: string; value: string }[] } };
const rowOf = async (order: Order, text: string) => (await detailsOf(order)).userOrderDetail.detail.find((row) => row.text === text)?.value;
const actions = async (order: Order, session = sessions.supervisor) =>
  (await consoleCall(t.app, 'GET', `/orders/${order.id}/actions`, { session })).json().data;
const auditOf = (action: string, orderId: number) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(orderId))));

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  borrower = await demoSession(t.app, Market.India);
  riskTwo = await addOperator(t.database.db, t.clock, { email: 'risk2@kilat.test', name: 'Rina Risk', role: 'risk' });
  await signInAll();
}, SETUP_TIMEOUT_MS);

describe('offline repayment against a bank reference', () => {
  let order: Order;
  const record = (body: Record<string, unknown>, session = sessions.supervisor) =>
    consoleCall(t.app, 'POST', `/orders/${order.id}/offline-repayments`, { session, body });
  const today = () => t.clock.today('IN');

  beforeAll(async () => {
    order = await makeOrder(t, { status: OrderStatus.Overdue });
  });

  it('posts the amount by the one waterfall (penalties first), audited, and the loan details owe that much less', async () => {
    const before = await actions(order);
    const dueBefore = await rowOf(order, 'Amount due');
    const response = await record({
      amountMinor: 100_000,
      bankReference: 'utr-4471 0001'.replace(' ', ''),
      receivedOn: today(),
      reason: 'NEFT to the collection account',
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ duplicate: false, bankReference: 'UTR-44710001', amountMinor: 100_000, receivedOn: today() });
    expect(data.allocation[0]).toMatch(/^penalty /);
    const after = await actions(order);
    expect(after.offlineRepayment.maxMinor).toBe(before.offlineRepayment.maxMinor - 100_000);
    expect(await rowOf(order, 'Amount due')).not.toBe(dueBefore);
    expect(await rowOf(order, 'Amount due')).toBe(after.writeOff.owed);
    const [entry] = await auditOf('offline-repayment.request', order.id);
    expect(entry).toMatchObject({
      operatorId: sessions.supervisor.operatorId,
      after: { bankReference: 'UTR-44710001', amountMinor: 100_000 },
    });
  });

  it('posts the same bank reference once, however it is typed, and answers the first result', async () => {
    const before = await counts();
    const again = await record({
      amountMinor: 250_000,
      bankReference: 'utr-44710001',
      receivedOn: today(),
      reason: 'Recorded twice by mistake',
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ duplicate: true, bankReference: 'UTR-44710001', amountMinor: 100_000 });
    expect(await counts()).toEqual(before);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), like(ledgerEntries.idempotencyKey, 'offline-repayment:%')));
    expect(rows).toHaveLength(1);
  });

  it('posts one bank reference once when two operators record it at the same moment', async () => {
    const body = { amountMinor: 5_000, bankReference: 'UTR-TWICE-AT-ONCE', receivedOn: today(), reason: 'Two desks saw one transfer' };
    const answers = await Promise.all([record(body), record(body, sessions.risk)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json().data.duplicate).sort()).toEqual([false, true]);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.idempotencyKey, `offline-repayment:${order.id}:UTR-TWICE-AT-ONCE`)));
    expect(rows).toHaveLength(1);
  });

  it('refuses more than the order may take today, saying so, and stores nothing', async () => {
    const { offlineRepayment } = await actions(order);
    const before = await counts();
    const response = await record({
      amountMinor: offlineRepayment.maxMinor + 1,
      bankReference: 'UTR-OVER-1',
      receivedOn: today(),
      reason: 'Too much',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/is more than the ₹[\d,.]+ this order may take today; an overpayment is not recorded/);
    expect(await counts()).toEqual(before);
  });

  it('refuses an agent, a reference with other characters, a date ahead and a missing reason, storing nothing', async () => {
    const before = await counts();
    const good = { amountMinor: 1_000, bankReference: 'UTR-OK-2', receivedOn: today(), reason: 'Paid at the branch' };
    const agent = await record(good, sessions.agent);
    expect([agent.statusCode, agent.json().code]).toEqual([403, ConsoleCode.RoleRefused]);
    for (const bad of [
      { ...good, bankReference: 'UTR 12; DROP' },
      { ...good, receivedOn: '2999-01-01' },
      { ...good, reason: '' },
      { ...good, amountMinor: -5 },
    ]) {
      const response = await record(bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json().message).toMatch(/^Invalid request: /);
    }
    expect(await counts()).toEqual(before);
  });
});

describe('write-off with maker-checker', () => {
  it('holds a write-off above the configured amount for a risk operator other than the maker; approved, the order is settled and says so', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const asked = await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, {
      session: sessions.risk,
      body: { reason: 'Borrower deceased; estate has no assets' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.status).toBe('pending');
    const id = asked.json().data.id;
    expect((await detailsOf(order)).orderStatus).toBe(OrderStatus.Overdue);
    // a second request while one waits is refused
    expect(
      (await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, { session: sessions.risk, body: { reason: 'Again' } }))
        .statusCode,
    ).toBe(409);

    const own = await consoleCall(t.app, 'POST', `/write-offs/${id}/approve`, { session: sessions.risk });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/another operator/);
    // supervisors ask, they do not approve a credit loss
    expect((await consoleCall(t.app, 'POST', `/write-offs/${id}/approve`, { session: sessions.supervisor })).statusCode).toBe(403);
    expect((await consoleCall(t.app, 'POST', `/write-offs/${id}/approve`, { session: sessions.risk2 })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'POST', `/write-offs/${id}/approve`, { session: sessions.risk2 })).statusCode).toBe(409);

    const details = await detailsOf(order);
    expect(details.orderStatus).toBe(OrderStatus.Settled);
    expect(details.noticeStatusText).toBe('Loan closed');
    expect(details.userOrderDetail.detail.find((row) => row.text === 'Written off')?.value).toMatch(/^₹/);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'write_off')));
    expect(rows).toHaveLength(1);
    // nothing accrues on a written-off loan
    t.clock.advance(2 * 24 * 3_600_000);
    await signInAll();
    expect((await detailsOf(order)).orderStatus).toBe(OrderStatus.Settled);
    expect((await actions(order)).writeOff.owedMinor).toBe(0);
    const audits = [...(await auditOf('write-off.request', order.id)), ...(await auditOf('write-off.approve', order.id))];
    expect(audits.map((entry) => entry.operatorId)).toEqual([sessions.risk.operatorId, sessions.risk2.operatorId]);
  });

  it('writes off a small rest at once (at or under the configured amount), and refuses an agent and an order owing nothing', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const { offlineRepayment } = await actions(order);
    const rest = 50_000;
    const recorded = await consoleCall(t.app, 'POST', `/orders/${order.id}/offline-repayments`, {
      session: sessions.supervisor,
      body: {
        amountMinor: offlineRepayment.maxMinor - rest,
        bankReference: 'UTR-REST-1',
        receivedOn: t.clock.today('IN'),
        reason: 'Paid all but a little',
      },
    });
    expect(recorded.statusCode).toBe(200);
    // above the configured amount an offline repayment waits for a second operator (decision 231)
    expect(recorded.json().data.status).toBe('pending');
    const approvalId = recorded.json().data.approvalId;
    expect((await consoleCall(t.app, 'POST', `/offline-repayments/${approvalId}/approve`, { session: sessions.risk })).statusCode).toBe(
      200,
    );
    const before = await counts();
    expect(
      (await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, { session: sessions.agent, body: { reason: 'Small rest' } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, { session: sessions.supervisor, body: { reason: '' } }))
        .statusCode,
    ).toBe(400);
    expect(await counts()).toEqual(before);
    const asked = await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, {
      session: sessions.supervisor,
      body: { reason: 'Small rest' },
    });
    expect(asked.json().data.status).toBe('approved');
    expect((await detailsOf(order)).orderStatus).toBe(OrderStatus.Settled);
    const again = await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, {
      session: sessions.supervisor,
      body: { reason: 'Again' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/owes nothing/);
  });
});

describe('refund of an overpayment through the payout port', () => {
  let order: Order;
  /** A borrower who paid the order in full and then paid again (a second code for the same debt). */
  const overpay = async (extraMinor: number) => {
    order = await makeOrder(t, { status: OrderStatus.DueSoon });
    const payoff = await payoffOf(t, order.id);
    for (const [index, amountMinor] of [payoff, extraMinor].entries()) {
      await t.database.db.transaction(async (tx) => {
        const [payment] = await tx
          .insert(payments)
          .values({
            publicId: `PT${order.id}X${index}`,
            borrowerId: order.borrowerId,
            orderId: order.id,
            market: order.market,
            purpose: 'repay',
            method: 'checkout',
            amountMinor,
            status: 'paid',
            gateway: 'sandbox',
            paidAt: t.clock.now(),
          })
          .returning();
        const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
        await postPayment(tx, t.clock, payment!, locked!);
      });
    }
  };
  const ask = (amountMinor: number, session = sessions.supervisor) =>
    consoleCall(t.app, 'POST', `/orders/${order.id}/refunds`, {
      session,
      body: { amountMinor, reason: 'Paid a VA and a minimarket code for one instalment' },
    });

  beforeAll(async () => {
    await giveDisbursalAccount(t, Number(borrower.userId));
    await overpay(70_000);
  });

  it('shows the overpayment as refundable, refuses more than it and a role without refunds, storing nothing', async () => {
    const view = await actions(order);
    expect(view.refund).toMatchObject({ refundableMinor: 70_000, account: expect.stringMatching(/•••• \d{4}$/) });
    expect(await rowOf(order, 'To be refunded to you')).toBe(view.refund.refundable);
    const before = await counts();
    expect((await ask(70_001)).statusCode).toBe(400);
    expect((await ask(70_000, sessions.agent)).statusCode).toBe(403);
    expect((await ask(0)).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('waits for a second operator (never the maker), queues one payout with its own key, and posts the refund once the gateway pays it', async () => {
    const asked = await ask(70_000);
    expect(asked.json().data.status).toBe('pending');
    const id = asked.json().data.id;
    // asked already: nothing more is refundable meanwhile
    expect((await ask(1)).statusCode).toBe(409);
    const own = await consoleCall(t.app, 'POST', `/refunds/${id}/approve`, { session: sessions.supervisor });
    expect(own.statusCode).toBe(409);
    expect(await t.database.db.select().from(refundPayouts).where(eq(refundPayouts.orderId, order.id))).toHaveLength(0);
    expect((await consoleCall(t.app, 'POST', `/refunds/${id}/approve`, { session: sessions.agent })).statusCode).toBe(403);
    expect((await consoleCall(t.app, 'POST', `/refunds/${id}/approve`, { session: sessions.risk })).statusCode).toBe(200);
    expect((await consoleCall(t.app, 'POST', `/refunds/${id}/approve`, { session: sessions.risk })).statusCode).toBe(409);

    const [queued] = await t.database.db.select().from(refundPayouts).where(eq(refundPayouts.orderId, order.id));
    expect(queued).toMatchObject({ status: 'queued', amountMinor: 70_000, publicId: `RF${id}`, gateway: 'sandbox' });
    // its own key, not a disbursal attempt's
    expect(queued!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const refundRows = () =>
      t.database.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'refund')));
    expect(await refundRows()).toHaveLength(0);

    // the payout job sends it; running it again pays nothing twice
    const run = await payOutApproved(t);
    expect(run.refundsProcessed).toBe(1);
    await payOutApproved(t);
    expect(await refundRows()).toHaveLength(1);
    const [paid] = await t.database.db.select().from(refundPayouts).where(eq(refundPayouts.orderId, order.id));
    expect(paid).toMatchObject({ status: 'processed', utr: expect.stringMatching(/^\d{12}$/) });
    // the borrower is told, once, in their language
    const told = await t.database.db
      .select()
      .from(smsOutbox)
      .where(like(smsOutbox.body, `%${order.orderNo}%refunded%`));
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(paid!.utr!);
    const view = await actions(order);
    expect(view.refund.refundableMinor).toBe(0);
    expect(view.refund.requests[0]).toMatchObject({ status: 'approved', payout: { status: 'processed', reference: `RF${id}` } });
    expect(await rowOf(order, 'To be refunded to you')).toBeUndefined();
    expect(await rowOf(order, 'Refunded to you')).toBe('₹700.00');
    const audits = [...(await auditOf('refund.request', order.id)), ...(await auditOf('refund.approve', order.id))];
    expect(audits.map((entry) => entry.operatorId)).toEqual([sessions.supervisor.operatorId, sessions.risk.operatorId]);

    // the next day's payout reconciliation finds the refund in the ledger and on the gateway's statement alike
    t.clock.advance(24 * 3_600_000);
    await t.app.jobs.runNow(PAYOUT_RECONCILIATION_JOB);
    const flagged = await t.database.db
      .select()
      .from(payoutMismatches)
      .where(eq(payoutMismatches.reference, `RF${id}`));
    expect(flagged).toEqual([]);
    await signInAll();
  });

  it('posts nothing for a rejected refund, which leaves the overpayment refundable', async () => {
    await overpay(30_000);
    const id = (await ask(30_000)).json().data.id;
    expect((await actions(order)).refund.refundableMinor).toBe(0);
    expect((await consoleCall(t.app, 'POST', `/refunds/${id}/reject`, { session: sessions.risk })).statusCode).toBe(200);
    expect(await t.database.db.select().from(refundPayouts).where(eq(refundPayouts.orderId, order.id))).toHaveLength(0);
    expect((await actions(order)).refund.refundableMinor).toBe(30_000);
  });
});

describe('resend a due reminder', () => {
  let order: Order;
  const resend = (session = sessions.supervisor, reason = 'Borrower asked for the due date again') =>
    consoleCall(t.app, 'POST', `/orders/${order.id}/reminders`, { session, body: { reason } });

  beforeAll(async () => {
    // 10:00 in India, inside the sending hours, on a day ahead (the clock only moves forward)
    const next = localHourOn(t.clock.today('IN'), 10, 'IN');
    t.clock.set(next.getTime() > t.clock.now().getTime() ? next : new Date(next.getTime() + 24 * 3_600_000));
    await signInAll();
    order = await makeOrder(t, { status: OrderStatus.Overdue });
  });

  it('writes the overdue reminder to the SMS outbox in the borrower language, audited, once a day with a clear refusal after', async () => {
    const response = await resend();
    expect(response.statusCode, response.body).toBe(200);
    const [sms] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.dedupeKey, `reminder-resend:${order.id}:${t.clock.today('IN')}`));
    expect(sms!.body).toContain(order.orderNo);
    expect(sms!.body).toContain('overdue');
    expect(await auditOf('reminder.resend', order.id)).toHaveLength(1);
    const before = await counts();
    const again = await resend();
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/resent for this order today already/);
    expect(await counts()).toEqual(before);
    expect((await actions(order)).reminder.refusal).toMatch(/one a day/);
    // the next day it may be resent again
    t.clock.advance(24 * 3_600_000);
    await signInAll();
    expect((await resend()).statusCode).toBe(200);
  });

  it('refuses an admin and a missing reason, and an order that owes nothing, storing nothing', async () => {
    const settledOrder = await makeOrder(t, { status: OrderStatus.Settled });
    const before = await counts();
    expect((await resend(sessions.admin)).statusCode).toBe(403);
    expect((await resend(sessions.supervisor, '')).statusCode).toBe(400);
    order = settledOrder;
    const settled = await resend();
    expect(settled.statusCode).toBe(409);
    expect(settled.json().message).toMatch(/owes nothing/);
    expect(await counts()).toEqual(before);
  });
});

describe('every order action refuses no session and a change without the CSRF token, storing nothing', () => {
  const calls: [string, string, unknown][] = [
    ['GET', '/orders/1/actions', undefined],
    ['POST', '/orders/1/write-offs', { reason: 'No session' }],
    ['POST', '/write-offs/1/approve', undefined],
    ['POST', '/write-offs/1/reject', undefined],
    [
      'POST',
      '/orders/1/offline-repayments',
      { amountMinor: 100, bankReference: 'UTR-NOPE', receivedOn: '2026-01-01', reason: 'No session' },
    ],
    ['POST', '/orders/1/refunds', { amountMinor: 100, reason: 'No session' }],
    ['POST', '/refunds/1/approve', undefined],
    ['POST', '/refunds/1/reject', undefined],
    ['POST', '/orders/1/reminders', { reason: 'No session' }],
  ];
  for (const [method, path, body] of calls) {
    it(`${method} ${path}`, async () => {
      const before = await counts();
      const anonymous = await consoleCall(t.app, method as 'GET' | 'POST', path, body === undefined ? {} : { body });
      expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, '40100']);
      if (method === 'POST') {
        const forged = await consoleCall(t.app, 'POST', path, {
          session: sessions.risk,
          csrf: false,
          ...(body === undefined ? {} : { body }),
        });
        expect([forged.statusCode, forged.json().code]).toEqual([403, ConsoleCode.CsrfRefused]);
      }
      expect(await counts()).toEqual(before);
    });
  }
});
