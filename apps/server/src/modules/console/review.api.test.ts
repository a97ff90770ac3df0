import { Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowers, orderRuleResults, orders, payouts, products } from '../../db/schema.js';
import { call, type DemoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../test/console.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import { seedConsoleDemo } from './seed.js';

const t = useTestApp();
const sessions = {} as Record<'agent' | 'supervisor' | 'risk' | 'admin', ConsoleSession>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  for (const role of ['agent', 'supervisor', 'risk', 'admin'] as const) sessions[role] = await signIn(t.app, t.clock, role);
}, SETUP_TIMEOUT_MS);

/** An Indian application of a self-employed borrower: the decision engine sends it to review (spec §1 lends to the salaried). */
const waitingApplication = async () => {
  const borrower = (await t.app.inject({ method: 'GET', url: `/dev/session?market=${Market.India}&fresh=due` })).json() as DemoSession;
  await giveDisbursalAccount(t, Number(borrower.userId));
  await t.database.db
    .update(borrowers)
    .set({ employment: 'self-employed' })
    .where(eq(borrowers.id, Number(borrower.userId)));
  const [product] = (await t.database.db.select().from(products).where(eq(products.market, Market.India))).sort(
    (a, b) => a.sortOrder - b.sortOrder,
  );
  const ids = { productId: String(product!.id) };
  const pushed = await call(t.app, 'loanPush', { session: borrower, body: { ...ids, amount: '2000000', periods: '91', termUnit: '1' } });
  const orderId = new URL(pushed.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')!;
  return { borrower, ids: { ...ids, orderId } };
};

const statusOf = async (borrower: DemoSession, ids: { productId: string; orderId: string }) =>
  (await call(t.app, 'loanDetails', { session: borrower, body: ids })).json().data;

describe("the risk role's review queue (issue 29 item 4)", () => {
  it('lists applications waiting for review, nearest deadline first, with their rules, account validation and deadline', async () => {
    const first = await waitingApplication();
    t.clock.advance(60_000);
    const second = await waitingApplication();
    const response = await consoleCall(t.app, 'GET', '/reviews', { session: sessions.risk });
    expect(response.statusCode, response.body).toBe(200);
    const list = response.json().data.list as {
      orderId: string;
      reviewDueAt: string;
      rules: { rule: string; outcome: string }[];
      account: unknown;
    }[];
    const mine = list.filter((item) => [first.ids.orderId, second.ids.orderId].includes(item.orderId));
    expect(mine.map((item) => item.orderId)).toEqual([first.ids.orderId, second.ids.orderId]);
    expect(mine[0]!.rules.find((rule) => rule.rule === 'employment')?.outcome).toBe('review');
    expect(mine[0]!.account).toMatchObject({ validationStatus: 'valid', nameMatchScore: 100 });
    expect(new Date(mine[0]!.reviewDueAt).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(86_400_000);
    for (const role of ['agent', 'supervisor', 'admin'] as const) {
      expect((await consoleCall(t.app, 'GET', '/reviews', { session: sessions[role] })).statusCode).toBe(403);
    }
  });

  it('a risk operator approves: audited, the payout is queued and the borrower sees the loan disbursing; other roles are refused', async () => {
    const { borrower, ids } = await waitingApplication();
    expect((await statusOf(borrower, ids)).orderStatus).toBe(OrderStatus.UnderReview);
    const body = { outcome: 'approve', reason: 'Payslips checked by phone' };
    for (const role of ['agent', 'supervisor', 'admin'] as const) {
      const refused = await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, { session: sessions[role], body });
      expect(refused.statusCode).toBe(403);
    }
    expect(
      (await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, { session: sessions.risk, body, csrf: false })).statusCode,
    ).toBe(403);
    expect((await statusOf(borrower, ids)).orderStatus).toBe(OrderStatus.UnderReview);

    const approved = await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, { session: sessions.risk, body });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await statusOf(borrower, ids)).orderStatus).toBe(OrderStatus.Disbursing);
    const [payout] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.orderId, Number(ids.orderId)));
    expect(payout).toMatchObject({ status: 'queued', attempt: 1 });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, ids.orderId)));
    expect(audit).toMatchObject({ operatorId: sessions.risk.operatorId, action: 'review.approve' });
    expect(audit!.after).toMatchObject({ decision: 'approved', reason: 'Payslips checked by phone' });
    const [manual] = await t.database.db
      .select()
      .from(orderRuleResults)
      .where(and(eq(orderRuleResults.orderId, Number(ids.orderId)), eq(orderRuleResults.rule, 'manualReview')));
    expect(manual).toMatchObject({ outcome: 'pass' });
    // decided once: a second decision finds nothing waiting
    expect((await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, { session: sessions.risk, body })).statusCode).toBe(409);
    await t.app.disbursal.run(t.clock.now());
    expect((await statusOf(borrower, ids)).orderStatus).toBe(OrderStatus.Disbursed);
  });

  it('a risk operator rejects with a reason: the borrower is told in plain words, with the day to apply again', async () => {
    const { borrower, ids } = await waitingApplication();
    const rejected = await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, {
      session: sessions.risk,
      body: { outcome: 'reject', reason: 'Income could not be confirmed' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const data = await statusOf(borrower, ids);
    expect(data.orderStatus).toBe(OrderStatus.Rejected);
    expect(data.noticeDesText).toContain(enIN.decisionReason_manualReview);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(ids.orderId)));
    expect(order!.reapplyOn).not.toBeNull();
    expect(
      await t.database.db
        .select()
        .from(payouts)
        .where(eq(payouts.orderId, Number(ids.orderId))),
    ).toEqual([]);
  });
});
