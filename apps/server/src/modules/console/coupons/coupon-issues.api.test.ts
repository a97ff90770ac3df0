/**
 * Issue 50's console rest (decision 254): a supervisor issues a list campaign to an uploaded CSV (by
 * phone or borrower id) and an everyone campaign; above the threshold another operator approves it,
 * never the maker; each issue is audited; the per-day figures count what was issued, used, expired and
 * taken off, and loans repaid on time with a coupon; their CSV export is audited.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, couponIssues, coupons } from '../../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { cardFlow, TestCards } from '../../../test/card-flow.js';
import { addOperator, consoleCall, signIn } from '../../../test/console.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();

beforeAll(() => seedConsoleDemo(t.database.db, t.clock), SETUP_TIMEOUT_MS);

const campaign = {
  market: 'IN',
  name: 'Listed borrowers, Rs 50 off',
  kind: 'amount_off',
  value: 5_000,
  audience: 'list',
  validDays: 30,
  minAmountMinor: 0,
  budgetMinor: 100_000,
};

const auditedActions = async (targetType: string, targetId: number | string) =>
  (
    await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, String(targetId))))
  )
    .map((row) => row.action)
    .sort();

const couponsOfCampaign = async (campaignId: number) =>
  (await t.database.db.select({ n: count() }).from(coupons).where(eq(coupons.campaignId, campaignId)))[0]!.n;

describe('issuing coupons from the Coupons room', () => {
  it('issues a list campaign to an uploaded CSV by phone and by borrower id at once under the threshold, audited; a bad list stores nothing', async () => {
    const supervisor = await signIn(t.app, t.clock, 'supervisor');
    const agent = await signIn(t.app, t.clock, 'agent');
    const flow = cardFlow(t);
    const [first, second, elsewhere] = [
      await flow.freshBorrower(Market.India),
      await flow.freshBorrower(Market.India),
      await flow.freshBorrower(Market.Indonesia),
    ];
    const id = (await consoleCall(t.app, 'POST', '/coupon-campaigns', { session: supervisor, body: campaign })).json().data.id as number;
    const csv = `borrowerId,phone,note\r\n,${first.phone},by phone\r\n${second.userId},,by id\r\n`;

    expect(
      (await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/issues`, { session: agent, body: { csv, reason: 'Loyal list' } }))
        .statusCode,
    ).toBe(403);
    const noHeader = await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/issues`, {
      session: supervisor,
      body: { csv: `${first.phone}\n`, reason: 'Loyal list' },
    });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toContain('phone or a borrowerId column');
    // a borrower of another market is no borrower of this list: the whole upload is refused, naming the line
    const foreign = await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/issues`, {
      session: supervisor,
      body: { csv: `phone\n${first.phone}\n${elsewhere.phone}\n`, reason: 'Loyal list' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toContain('line 3');
    expect((await t.database.db.select({ n: count() }).from(couponIssues).where(eq(couponIssues.campaignId, id)))[0]!.n).toBe(0);
    expect(await couponsOfCampaign(id)).toBe(0);

    const issued = await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/issues`, {
      session: supervisor,
      body: { csv, reason: 'Loyal list' },
    });
    expect(issued.json().code, issued.body).toBe('00');
    expect(issued.json().data).toMatchObject({ status: 'approved', borrowers: 2, issued: 2, faceMinor: 10_000, decidedBy: null });
    expect(await couponsOfCampaign(id)).toBe(2);
    const theirs = await call(t.app, 'coupons', { session: second, query: { market: 'IN' }, body: {} });
    expect(theirs.json().data.list).toHaveLength(1);
    expect(await auditedActions('coupon-issue', issued.json().data.id)).toEqual(['coupons.issue', 'coupons.issue.request']);

    // the same list again issues nothing twice
    const again = await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/issues`, {
      session: supervisor,
      body: { csv, reason: 'Loyal list' },
    });
    expect(again.json().data.issued).toBe(0);
    expect(await couponsOfCampaign(id)).toBe(2);
  });

  it('waits above the threshold for a second operator: the maker cannot approve, another supervisor can, once', async () => {
    const maker = await signIn(t.app, t.clock, 'supervisor');
    const agent = await signIn(t.app, t.clock, 'agent');
    const checker = await signIn(
      t.app,
      t.clock,
      await addOperator(t.database.db, t.clock, { email: 'second.supervisor@kilat.test', name: 'Second Supervisor', role: 'supervisor' }),
    );
    // a percent coupon has no face value: its budget (Rs 20,000) is above the Rs 10,000 threshold
    const id = (
      await consoleCall(t.app, 'POST', '/coupon-campaigns', {
        session: maker,
        body: {
          ...campaign,
          name: 'Everyone, 10% off interest',
          kind: 'percent_off_interest',
          value: 1_000,
          audience: 'everyone',
          budgetMinor: 2_000_000,
        },
      })
    ).json().data.id as number;
    await cardFlow(t).freshBorrower(Market.India);

    const asked = await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/issues`, {
      session: maker,
      body: { reason: 'Diwali for everyone' },
    });
    expect(asked.json().data).toMatchObject({ status: 'pending', issued: null, faceMinor: 2_000_000 });
    const issueId = asked.json().data.id as number;
    expect(await couponsOfCampaign(id)).toBe(0);
    const listed = await consoleCall(t.app, 'GET', '/coupon-issues', { session: checker });
    expect(listed.json().data.find((row: { id: number }) => row.id === issueId)).toMatchObject({
      status: 'pending',
      requestedBy: { id: maker.operatorId },
    });

    const own = await consoleCall(t.app, 'POST', `/coupon-issues/${issueId}/approve`, { session: maker });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toContain('another operator approves or rejects it');
    expect((await consoleCall(t.app, 'POST', `/coupon-issues/${issueId}/approve`, { session: agent })).statusCode).toBe(403);
    expect(await couponsOfCampaign(id)).toBe(0);

    const approved = await consoleCall(t.app, 'POST', `/coupon-issues/${issueId}/approve`, { session: checker });
    expect(approved.json().data).toMatchObject({ status: 'approved', decidedBy: { id: checker.operatorId } });
    const borrowers = asked.json().data.borrowers as number;
    expect(borrowers).toBeGreaterThan(0);
    expect(await couponsOfCampaign(id)).toBe(borrowers);
    expect((await consoleCall(t.app, 'POST', `/coupon-issues/${issueId}/reject`, { session: checker })).statusCode).toBe(409);
    expect(await auditedActions('coupon-issue', issueId)).toEqual(['coupons.issue', 'coupons.issue.request']);

    // a rejected issue issues nothing
    const second = await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/issues`, { session: maker, body: { reason: 'Once more' } });
    const rejected = await consoleCall(t.app, 'POST', `/coupon-issues/${second.json().data.id}/reject`, { session: checker });
    expect(rejected.json().data.status).toBe('rejected');
    expect(await couponsOfCampaign(id)).toBe(borrowers);
  });

  it('counts per day what was issued, used, expired and taken off, and loans repaid on time with a coupon; the CSV export is audited', async () => {
    const supervisor = await signIn(t.app, t.clock, 'supervisor');
    const flow = cardFlow(t);
    const borrower = await flow.freshBorrower(Market.India);
    const idle = await flow.freshBorrower(Market.India);
    const id = (
      await consoleCall(t.app, 'POST', '/coupon-campaigns', { session: supervisor, body: { ...campaign, name: 'Figures', validDays: 2 } })
    ).json().data.id as number;
    const before = (await consoleCall(t.app, 'GET', '/coupon-figures?market=IN', { session: supervisor })).json().data;
    await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/issues`, {
      session: supervisor,
      body: { csv: `phone\n${borrower.phone}\n${idle.phone}\n`, reason: 'Figures' },
    });
    const issuedOn = t.clock.today('IN');

    // the borrower repays with the coupon (Rs 50 off through the ledger)
    const couponId = (await call(t.app, 'coupons', { session: borrower, query: { market: 'IN' }, body: {} })).json().data.list[0]
      .couponId as string;
    const order = flow.orderIn(borrower, OrderStatus.Disbursed);
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const way = await flow.openPayment(borrower, { orderId: order.orderId });
    const paid = await call(t.app, 'repaymentCommit', {
      session: borrower,
      query: { market: 'IN' },
      body: {
        amount: String(way.amount),
        bankName: 'HDFC Bank',
        cardId,
        cardNo: '400000******0077',
        couponId,
        orderId: order.orderId,
        repayToken: way.repayToken,
        bankCode: 'HDFC',
        sendMsg: '0',
      },
    });
    expect(paid.json().data.couponMoney, paid.body).toBe(5_000);

    // two days on, the idle borrower's coupon has expired
    t.clock.advance(3 * 86_400_000);
    const reader = await signIn(t.app, t.clock, 'supervisor');
    const figures = await consoleCall(t.app, 'GET', `/coupon-figures?market=IN&from=${issuedOn}`, { session: reader });
    expect(figures.json().code, figures.body).toBe('00');
    const days = (figures.json().data.days as { campaignId: number }[]).filter((day) => day.campaignId === id);
    expect(days).toEqual([
      { date: issuedOn, campaignId: id, campaignName: 'Figures', issued: 2, used: 1, expired: 0, discountedMinor: 5_000 },
      expect.objectContaining({ campaignId: id, issued: 0, used: 0, expired: 1, discountedMinor: 0 }),
    ]);
    expect(days[1]).not.toMatchObject({ date: issuedOn });
    const after = figures.json().data;
    expect(after.withCoupon.closed).toBe(before.withCoupon.closed + 1);
    expect(after.withCoupon.onTime).toBe(before.withCoupon.onTime + 1);

    const agent = await signIn(t.app, t.clock, 'agent');
    expect((await consoleCall(t.app, 'GET', `/coupon-figures/export?market=IN&from=${issuedOn}`, { session: agent })).statusCode).toBe(403);
    const exported = await consoleCall(t.app, 'GET', `/coupon-figures/export?market=IN&from=${issuedOn}`, { session: reader });
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body.replace(/^\ufeff/, '').split('\r\n');
    expect(lines[0]).toBe('date,campaign id,campaign,issued,used,expired,discounted (INR)');
    expect(lines).toContain(`${issuedOn},${id},Figures,2,1,0,50.00`);
    expect(await auditedActions('coupon-figures', 'IN')).toContain('coupons.export');
  });
});
