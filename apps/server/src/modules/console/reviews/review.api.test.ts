import { Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowers, orderRuleResults, orders, payouts, products, reviewApprovals } from '../../../db/schema.js';
import { call, type DemoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { giveDisbursalAccount } from '../../../test/disbursal.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
const sessions = {} as Record<'agent' | 'supervisor' | 'risk' | 'admin' | 'checker', ConsoleSession>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  for (const role of ['agent', 'supervisor', 'risk', 'admin'] as const) sessions[role] = await signIn(t.app, t.clock, role);
  // a second risk operator: the checker of another's rule exception (decision 161)
  const checker = await addOperator(t.database.db, t.clock, { email: 'risk-two@kilat.test', name: 'Rina Risk', role: 'risk' });
  sessions.checker = await signIn(t.app, t.clock, checker);
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
      rules: { rule: string; label: string; outcome: string; detail: string }[];
      account: unknown;
    }[];
    const mine = list.filter((item) => [first.ids.orderId, second.ids.orderId].includes(item.orderId));
    expect(mine.map((item) => item.orderId)).toEqual([first.ids.orderId, second.ids.orderId]);
    expect(mine[0]!.rules.find((rule) => rule.rule === 'employment')?.outcome).toBe('review');
    // each rule in words, its facts in the market's money: never the stored JSON in minor units (issue 47 item 10)
    expect(mine[0]!.rules.find((rule) => rule.rule === 'employment')?.label).toBe('Employment');
    for (const rule of mine[0]!.rules) expect(rule.detail).not.toMatch(/[{}"]|Minor/);
    expect(mine[0]!.rules.find((rule) => rule.rule === 'amountInRange')?.detail).toMatch(/^amount (₹|Rp).+ · minimum .+ · maximum .+$/);
    expect(mine[0]!.account).toMatchObject({ validationStatus: 'valid', nameMatchScore: 100 });
    // the borrower's page is linked beside the order's: the item names the borrower's id
    expect((mine[0] as unknown as { borrowerId: number }).borrowerId).toBe(Number(first.borrower.userId));
    expect(new Date(mine[0]!.reviewDueAt).getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(86_400_000);
    for (const role of ['agent', 'supervisor', 'admin'] as const) {
      expect((await consoleCall(t.app, 'GET', '/reviews', { session: sessions[role] })).statusCode).toBe(403);
    }
  });

  it('approving a rule exception needs a second risk operator: the maker is refused, another confirms, the payout is queued then; audited', async () => {
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

    // the employment rule asked for a person: approving overrides it, so the approval waits
    const asked = await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, { session: sessions.risk, body });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toEqual({ orderId: ids.orderId, outcome: 'approve', status: 'pending' });
    expect((await statusOf(borrower, ids)).orderStatus).toBe(OrderStatus.UnderReview);
    const queued = (await consoleCall(t.app, 'GET', '/reviews', { session: sessions.checker })).json().data.list as {
      orderId: string;
      approval: { requestedBy: { id: number; name: string }; exceptions: { rule: string }[]; reason: string } | null;
    }[];
    expect(queued.find((item) => item.orderId === ids.orderId)?.approval).toMatchObject({
      requestedBy: { id: sessions.risk.operatorId, name: 'Ravi Risk' },
      exceptions: [{ rule: 'employment', outcome: 'review' }],
      reason: body.reason,
    });
    const noPayout = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.orderId, Number(ids.orderId)));
    expect(noPayout).toEqual([]);

    // the maker can neither confirm nor approve again; other roles cannot confirm
    const own = await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/confirm`, { session: sessions.risk });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toContain('another operator');
    expect((await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, { session: sessions.risk, body })).statusCode).toBe(409);
    for (const role of ['agent', 'supervisor', 'admin'] as const) {
      expect((await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/confirm`, { session: sessions[role] })).statusCode).toBe(403);
    }
    // and the database refuses it too
    const [pending] = await t.database.db
      .select()
      .from(reviewApprovals)
      .where(eq(reviewApprovals.orderId, Number(ids.orderId)));
    await expect(
      t.database.db
        .update(reviewApprovals)
        .set({ status: 'approved', decidedBy: sessions.risk.operatorId })
        .where(eq(reviewApprovals.id, pending!.id)),
    ).rejects.toThrow();
    expect((await statusOf(borrower, ids)).orderStatus).toBe(OrderStatus.UnderReview);

    const confirmed = await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/confirm`, { session: sessions.checker });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await statusOf(borrower, ids)).orderStatus).toBe(OrderStatus.Disbursing);
    const [payout] = await t.database.db
      .select()
      .from(payouts)
      .where(eq(payouts.orderId, Number(ids.orderId)));
    expect(payout).toMatchObject({ status: 'queued', attempt: 1 });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, ids.orderId)));
    expect(audits.map((row) => [row.action, row.operatorId])).toEqual([
      ['review.approve-request', sessions.risk.operatorId],
      ['review.approve', sessions.checker.operatorId],
    ]);
    expect(audits[0]!.after).toMatchObject({ exceptions: [{ rule: 'employment', outcome: 'review' }], reason: body.reason });
    expect(audits[1]!.before).toMatchObject({ requestedBy: sessions.risk.operatorId });
    expect(audits[1]!.after).toMatchObject({ decision: 'approved', reason: body.reason });
    const [manual] = await t.database.db
      .select()
      .from(orderRuleResults)
      .where(and(eq(orderRuleResults.orderId, Number(ids.orderId)), eq(orderRuleResults.rule, 'manualReview')));
    expect(manual).toMatchObject({
      outcome: 'pass',
      detail: { operatorId: sessions.risk.operatorId, checkerId: sessions.checker.operatorId },
    });
    const [approval] = await t.database.db
      .select()
      .from(reviewApprovals)
      .where(eq(reviewApprovals.orderId, Number(ids.orderId)));
    expect(approval).toMatchObject({ status: 'approved', requestedBy: sessions.risk.operatorId, decidedBy: sessions.checker.operatorId });
    // decided once: nothing waits any more
    expect((await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/confirm`, { session: sessions.checker })).statusCode).toBe(409);
    expect((await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, { session: sessions.risk, body })).statusCode).toBe(409);
    await t.app.disbursal.run(t.clock.now());
    expect((await statusOf(borrower, ids)).orderStatus).toBe(OrderStatus.Disbursed);
  });

  it('the checker may reject the application instead: the maker’s approval is rejected with it, nothing is sent', async () => {
    const { borrower, ids } = await waitingApplication();
    await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, {
      session: sessions.risk,
      body: { outcome: 'approve', reason: 'Payslips checked by phone' },
    });
    // nor can the maker reject what they asked to approve
    expect(
      (
        await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, {
          session: sessions.risk,
          body: { outcome: 'reject', reason: 'Changed my mind' },
        })
      ).statusCode,
    ).toBe(409);
    const rejected = await consoleCall(t.app, 'POST', `/reviews/${ids.orderId}/decide`, {
      session: sessions.checker,
      body: { outcome: 'reject', reason: 'The payslips are of another employer' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await statusOf(borrower, ids)).orderStatus).toBe(OrderStatus.Rejected);
    const [approval] = await t.database.db
      .select()
      .from(reviewApprovals)
      .where(eq(reviewApprovals.orderId, Number(ids.orderId)));
    expect(approval).toMatchObject({ status: 'rejected', decidedBy: sessions.checker.operatorId });
    expect(
      await t.database.db
        .select()
        .from(payouts)
        .where(eq(payouts.orderId, Number(ids.orderId))),
    ).toEqual([]);
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

  it('escalates an application past its one-day deadline: first in the queue, marked and counted; the borrower is told it is late, in both languages', async () => {
    const late = await waitingApplication();
    const inLanguage = async (lang: string) =>
      (await call(t.app, 'loanDetails', { session: late.borrower, body: late.ids, headers: { cookie: `kilat_lang=${lang}` } })).json().data
        .noticeDesText as string;
    expect(await inLanguage('en-IN')).toContain('You will have our decision by');
    // the spec's one day passes
    t.clock.advance(86_400_000 + 60_000);
    const onTime = await waitingApplication();
    // a console session does not outlive a day: the risk operator signs in again
    sessions.risk = await signIn(t.app, t.clock, 'risk');
    const queue = (await consoleCall(t.app, 'GET', '/reviews', { session: sessions.risk })).json().data as {
      escalated: number;
      list: { orderId: string; overdue: boolean }[];
    };
    expect(queue.escalated).toBeGreaterThanOrEqual(1);
    expect(queue.list.filter((item) => item.overdue)).toHaveLength(queue.escalated);
    // every escalated one before any on time
    expect(queue.list.slice(0, queue.escalated).every((item) => item.overdue)).toBe(true);
    const position = (orderId: string) => queue.list.findIndex((item) => item.orderId === orderId);
    expect(queue.list[position(late.ids.orderId)]!.overdue).toBe(true);
    expect(position(late.ids.orderId)).toBeLessThan(position(onTime.ids.orderId));
    expect(queue.list[position(onTime.ids.orderId)]!.overdue).toBe(false);
    expect(await inLanguage('en-IN')).toBe(enIN.loanNoticeDes21Late);
    expect(await inLanguage('id-ID')).toBe(idID.loanNoticeDes21Late);
    // the one on time still has its deadline
    const onTimeText = (await call(t.app, 'loanDetails', { session: onTime.borrower, body: onTime.ids })).json().data.noticeDesText;
    expect(onTimeText).toContain('You will have our decision by');
  });
});
