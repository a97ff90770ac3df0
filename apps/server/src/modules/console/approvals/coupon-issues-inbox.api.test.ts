/**
 * Decision 272: a coupon issue above its threshold waits in the approvals inbox like every other
 * maker-checker request — with its campaign (it has no order), face value, maker, reason and
 * evidence; not the maker's to decide, nor risk's (no coupons.approve); decided by the issue's own
 * call, after which it leaves the inbox.
 */
import { formatMoney, Market } from '@kilat/contract';
import type { ApprovalInboxView } from '@kilat/contract/console';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { coupons } from '../../../db/schema.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { cardFlow } from '../../../test/card-flow.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
const sessions = {} as Record<'supervisor' | 'supervisor2' | 'risk', ConsoleSession>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  const second = await addOperator(t.database.db, t.clock, {
    email: 'coupon.checker@kilat.test',
    name: 'Citra Checker',
    role: 'supervisor',
  });
  sessions.supervisor = await signIn(t.app, t.clock, 'supervisor');
  sessions.risk = await signIn(t.app, t.clock, 'risk');
  sessions.supervisor2 = await signIn(t.app, t.clock, second);
}, SETUP_TIMEOUT_MS);

const inbox = async (session: ConsoleSession): Promise<ApprovalInboxView> => {
  const response = await consoleCall(t.app, 'GET', '/approvals', { session });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const couponsOfCampaign = async (campaignId: number) =>
  (await t.database.db.select({ n: count() }).from(coupons).where(eq(coupons.campaignId, campaignId)))[0]!.n;

/** An everyone campaign of Indonesia whose budget (Rp 2,000,000) is above the Rp 1,000,000 threshold, issued by the supervisor. */
const askIssue = async (name: string): Promise<{ campaignId: number; issueId: number; borrowers: number }> => {
  const campaignId = (
    await consoleCall(t.app, 'POST', '/coupon-campaigns', {
      session: sessions.supervisor,
      body: {
        market: 'ID',
        name,
        kind: 'percent_off_interest',
        value: 1_000,
        audience: 'everyone',
        validDays: 30,
        minAmountMinor: 0,
        budgetMinor: 200_000_000,
      },
    })
  ).json().data.id as number;
  const asked = await consoleCall(t.app, 'POST', `/coupon-campaigns/${campaignId}/issues`, {
    session: sessions.supervisor,
    body: { reason: 'Harbolnas for everyone' },
  });
  expect(asked.json().data, asked.body).toMatchObject({ status: 'pending' });
  return { campaignId, issueId: asked.json().data.id as number, borrowers: asked.json().data.borrowers as number };
};

describe('coupon issues in the approvals inbox', () => {
  it('shows a waiting coupon issue with its campaign, face value and evidence; another supervisor approves it there, then it leaves', async () => {
    await cardFlow(t).freshBorrower(Market.Indonesia);
    const { campaignId, issueId, borrowers } = await askIssue('Harbolnas 10% off interest');
    const key = `coupon_issue:${issueId}`;

    const checker = (await inbox(sessions.supervisor2)).items.find((item) => item.key === key);
    expect(checker).toMatchObject({
      kind: 'coupon_issue',
      id: issueId,
      orderId: null,
      orderNo: null,
      subject: 'Campaign Harbolnas 10% off interest',
      market: 'ID',
      amountMinor: 200_000_000,
      amount: formatMoney(200_000_000, 'ID'),
      requestedBy: { id: sessions.supervisor.operatorId },
      reason: 'Harbolnas for everyone',
      link: '/coupons',
      mayDecide: true,
      whyNot: null,
    });
    expect(checker!.evidence).toEqual([
      `${borrowers} borrower${borrowers === 1 ? '' : 's'} (everyone in the market)`,
      `Budget ${formatMoney(200_000_000, 'ID')}: what the campaign can cost`,
    ]);
    expect((await inbox(sessions.supervisor2)).waitingForMe).toBeGreaterThanOrEqual(1);
    // the maker sees it as another's; risk reads the inbox but does not decide coupons
    expect((await inbox(sessions.supervisor)).items.find((item) => item.key === key)).toMatchObject({
      mayDecide: false,
      whyNot: 'You asked for it: another operator decides.',
    });
    expect((await inbox(sessions.risk)).items.find((item) => item.key === key)).toMatchObject({
      mayDecide: false,
      whyNot: 'Your role does not decide this kind.',
    });

    // the inbox's button calls the issue's own decide call: the coupons are issued and the request leaves
    const approved = await consoleCall(t.app, 'POST', `/coupon-issues/${issueId}/approve`, { session: sessions.supervisor2 });
    expect(approved.json().data, approved.body).toMatchObject({ status: 'approved' });
    expect(await couponsOfCampaign(campaignId)).toBe(borrowers);
    expect((await inbox(sessions.supervisor2)).items.find((item) => item.key === key)).toBeUndefined();
  });

  it('drops a rejected coupon issue from the inbox, issuing nothing', async () => {
    const { campaignId, issueId } = await askIssue('Rejected in the inbox');
    expect((await inbox(sessions.supervisor2)).items.some((item) => item.key === `coupon_issue:${issueId}`)).toBe(true);
    const rejected = await consoleCall(t.app, 'POST', `/coupon-issues/${issueId}/reject`, { session: sessions.supervisor2 });
    expect(rejected.json().data.status).toBe('rejected');
    expect((await inbox(sessions.supervisor2)).items.some((item) => item.key === `coupon_issue:${issueId}`)).toBe(false);
    expect(await couponsOfCampaign(campaignId)).toBe(0);
  });
});
