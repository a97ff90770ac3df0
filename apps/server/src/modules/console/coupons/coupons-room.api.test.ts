/**
 * Issue 50's Coupons room: a supervisor creates a campaign, pauses and resumes it (each audited), an
 * agent may not; its cost and effect count what was issued, used and taken off; a paused campaign's
 * coupon cannot be held.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema.js';
import { call, SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { cardFlow, TestCards } from '../../../test/card-flow.js';
import { consoleCall, signIn } from '../../../test/console.js';
import { campaignById } from '../../coupons/repository.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();

beforeAll(() => seedConsoleDemo(t.database.db, t.clock), SETUP_TIMEOUT_MS);

const campaign = {
  market: 'IN',
  name: 'Repaid on time, Rs 50 off',
  kind: 'amount_off',
  value: 5_000,
  audience: 'list',
  validDays: 30,
  minAmountMinor: 0,
  budgetMinor: 1_000_000,
};

describe('the Coupons room', () => {
  it("creates a supervisor's campaign, refuses an agent, and audits create, pause and resume", async () => {
    const supervisor = await signIn(t.app, t.clock, 'supervisor');
    const agent = await signIn(t.app, t.clock, 'agent');
    expect((await consoleCall(t.app, 'POST', '/coupon-campaigns', { session: agent, body: campaign })).statusCode).toBe(403);
    const bad = await consoleCall(t.app, 'POST', '/coupon-campaigns', {
      session: supervisor,
      body: { ...campaign, validTo: '2027-01-31' },
    });
    expect(bad.statusCode).toBe(400);

    const created = await consoleCall(t.app, 'POST', '/coupon-campaigns', { session: supervisor, body: campaign });
    expect(created.json().code, created.body).toBe('00');
    const id = created.json().data.id as number;
    expect(created.json().data).toMatchObject({ name: campaign.name, paused: false, issued: 0, used: 0 });
    const paused = await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/pause`, { session: supervisor });
    expect(paused.json().data.paused).toBe(true);
    expect((await campaignById(t.database.db, id))?.paused).toBe(true);
    await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/resume`, { session: supervisor });
    const audited = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'coupon-campaign'), eq(auditLog.targetId, String(id))));
    expect(audited.map((row) => row.action).sort()).toEqual(['coupons.create', 'coupons.pause', 'coupons.resume']);
  });

  it("counts a campaign's issued and used coupons and what they took off; a paused campaign's coupon cannot be used", async () => {
    const supervisor = await signIn(t.app, t.clock, 'supervisor');
    const created = await consoleCall(t.app, 'POST', '/coupon-campaigns', { session: supervisor, body: { ...campaign, name: 'Effect' } });
    const id = created.json().data.id as number;
    const flow = cardFlow(t);
    const borrower = await flow.freshBorrower(Market.India);
    await t.app.coupons.issue(t.database.db, (await campaignById(t.database.db, id))!, [Number(borrower.userId)]);
    const coupons = await call(t.app, 'coupons', { session: borrower, query: { market: 'IN' }, body: {} });
    const couponId = coupons.json().data.list[0].couponId as string;
    const order = flow.orderIn(borrower, OrderStatus.Disbursed);
    const cardId = await flow.boundCard(borrower, TestCards.withoutCode);
    const commit = async () => {
      const way = await flow.openPayment(borrower, { orderId: order.orderId });
      return call(t.app, 'repaymentCommit', {
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
    };

    await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/pause`, { session: supervisor });
    const refused = await commit();
    expect(refused.json().message).toBe('This coupon offer is paused. Please try again later.');
    await consoleCall(t.app, 'POST', `/coupon-campaigns/${id}/resume`, { session: supervisor });
    expect((await commit()).json().data.couponMoney).toBe(5_000);

    const list = await consoleCall(t.app, 'GET', '/coupon-campaigns', { session: supervisor });
    expect(list.json().data.find((entry: { id: number }) => entry.id === id)).toMatchObject({
      issued: 1,
      used: 1,
      expired: 0,
      discountedMinor: 5_000,
    });
  });
});
