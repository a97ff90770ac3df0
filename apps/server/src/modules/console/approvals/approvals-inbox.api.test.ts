/**
 * One approvals inbox (issue 47, decision 239) on a real database through real HTTP: requests of
 * several kinds made on the order page appear with their order, amount, maker and evidence; the
 * maker sees them as not theirs to decide, another operator sees those they may decide first; a
 * decided request leaves the inbox.
 */
import { OrderStatus } from '@kilat/contract';
import type { ApprovalInboxItem, ApprovalInboxView } from '@kilat/contract/console';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../db/schema.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { makeOrder } from '../../../test/factories.js';
import { collectionCases } from '../../collections/tables.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
const sessions = {} as Record<'agent' | 'supervisor' | 'supervisor2' | 'risk', ConsoleSession>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  const second = await addOperator(t.database.db, t.clock, { email: 'sup2@kilat.test', name: 'Sari Supervisor', role: 'supervisor' });
  sessions.agent = await signIn(t.app, t.clock, 'agent');
  sessions.supervisor = await signIn(t.app, t.clock, 'supervisor');
  sessions.risk = await signIn(t.app, t.clock, 'risk');
  sessions.supervisor2 = await signIn(t.app, t.clock, second);
}, SETUP_TIMEOUT_MS);

const inbox = async (session: ConsoleSession): Promise<ApprovalInboxView> => {
  const response = await consoleCall(t.app, 'GET', '/approvals', { session });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const ask = async (order: Order, path: string, body: Record<string, unknown>, session = sessions.supervisor) => {
  const response = await consoleCall(t.app, 'POST', `/orders/${order.id}/${path}`, { session, body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id?: number; approvalId?: number; status: string };
};

describe('the approvals inbox', () => {
  let waiverId: number;
  let writeOffId: number;
  let repaymentId: number;
  let settlementId: number;
  let caseId: number;
  let orders: Record<'waiver' | 'writeOff' | 'repayment' | 'settlement', Order>;
  const ours = (view: ApprovalInboxView) => view.items.filter((item) => Object.values(orders).some((order) => order.id === item.orderId));
  const byKey = (view: ApprovalInboxView, key: string) => view.items.find((item) => item.key === key);

  beforeAll(async () => {
    orders = {
      waiver: await makeOrder(t, { status: OrderStatus.Overdue }),
      writeOff: await makeOrder(t, { status: OrderStatus.Overdue }),
      repayment: await makeOrder(t, { status: OrderStatus.Overdue }),
      settlement: await makeOrder(t, { status: OrderStatus.Overdue }),
    };
    // the second Rs.450 waiver of the day on one order goes over the Rs.500 limit (decision 232)
    expect((await ask(orders.waiver, 'penalty-waivers', { amountMinor: 45_000, reason: 'Goodwill on a late fee' })).status).toBe(
      'approved',
    );
    const waiver = await ask(orders.waiver, 'penalty-waivers', { amountMinor: 45_000, reason: 'Hospital stay, letter attached' });
    expect(waiver.status).toBe('pending');
    waiverId = waiver.id!;
    // a minute apart: the oldest first within what each operator may decide
    t.clock.advance(60_000);
    const writeOff = await ask(orders.writeOff, 'write-offs', { reason: 'Borrower deceased; estate has no assets' });
    expect(writeOff.status).toBe('pending');
    writeOffId = writeOff.id!;
    t.clock.advance(60_000);
    const above = t.config.console.offlineRepaymentApprovalAboveMinor.IN + 1_000;
    const repayment = await ask(orders.repayment, 'offline-repayments', {
      amountMinor: above,
      bankReference: 'NEFT-INBOX-1',
      receivedOn: t.clock.today('IN'),
      reason: 'NEFT on the statement',
    });
    expect(repayment.status).toBe('pending');
    repaymentId = repayment.approvalId!;
    t.clock.advance(60_000);
    // a settlement offer at half of what is owed: a discount above the market's share waits (decision 213)
    const run = await consoleCall(t.app, 'POST', '/collections/run', { session: sessions.supervisor });
    expect(run.statusCode, run.body).toBe(200);
    const [kase] = await t.database.db.select().from(collectionCases).where(eq(collectionCases.orderId, orders.settlement.id));
    caseId = kase!.id;
    const page = await consoleCall(t.app, 'GET', `/collections/cases/${caseId}`, { session: sessions.supervisor });
    const owed = page.json().data.owedToday.totalMinor as number;
    const offered = await consoleCall(t.app, 'POST', `/collections/cases/${caseId}/settlements`, {
      session: sessions.supervisor,
      body: { amountMinor: Math.floor(owed / 2), validUntil: t.clock.today('IN'), reason: 'Lost job; pays half at once' },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data.status).toBe('pending');
    settlementId = offered.json().data.settlementId;
  }, SETUP_TIMEOUT_MS);

  it('lists requests of four kinds with their order, amount, maker, reason and evidence; the maker may decide none', async () => {
    const view = await inbox(sessions.supervisor);
    const waiver = byKey(view, `penalty_waiver:${waiverId}`);
    expect(waiver).toMatchObject({
      kind: 'penalty_waiver',
      orderId: orders.waiver.id,
      orderNo: orders.waiver.orderNo,
      amount: '₹450.00',
      amountMinor: 45_000,
      reason: 'Hospital stay, letter attached',
      link: `/orders/${orders.waiver.id}`,
      requestedBy: { id: sessions.supervisor.operatorId },
      mayDecide: false,
    });
    expect(waiver!.whyNot).toMatch(/You asked for it/);
    expect(byKey(view, `write_off:${writeOffId}`)).toMatchObject({ kind: 'write_off', orderNo: orders.writeOff.orderNo, mayDecide: false });
    const repayment = byKey(view, `offline_repayment:${repaymentId}`)!;
    expect(repayment).toMatchObject({ kind: 'offline_repayment', orderNo: orders.repayment.orderNo, mayDecide: false });
    expect(repayment.evidence.join(' ')).toContain('NEFT-INBOX-1');
    expect(repayment.evidence.join(' ')).toContain(`Received on ${t.clock.today('IN')}`);
    const settlement = byKey(view, `settlement:${settlementId}`)!;
    expect(settlement).toMatchObject({ orderNo: orders.settlement.orderNo, link: `/collections/cases/${caseId}`, mayDecide: false });
    expect(settlement.evidence.join(' ')).toContain(`if paid by ${t.clock.today('IN')}`);
    expect(ours(view).filter((item) => item.mayDecide)).toEqual([]);
  });

  it('shows another supervisor what they may decide first, and a write-off (a risk call) after it as not theirs', async () => {
    const view = await inbox(sessions.supervisor2);
    const mine = ours(view);
    expect(mine.map((item) => [item.key, item.mayDecide])).toEqual([
      [`penalty_waiver:${waiverId}`, true],
      [`offline_repayment:${repaymentId}`, true],
      [`settlement:${settlementId}`, true],
      [`write_off:${writeOffId}`, false],
    ]);
    expect(mine[3]!.whyNot).toMatch(/role/);
    // waiting for me: every item it may decide, before every item it may not
    const firstNot = view.items.findIndex((item) => !item.mayDecide);
    expect(view.items.slice(firstNot).some((item) => item.mayDecide)).toBe(false);
    expect(view.waitingForMe).toBe(view.items.filter((item) => item.mayDecide).length);
    expect(view.waitingForMe).toBeGreaterThanOrEqual(2);

    // risk decides write-offs, not settlement offers (a collections supervisor's call)
    const risk = ours(await inbox(sessions.risk));
    expect(risk.map((item: ApprovalInboxItem) => [item.kind, item.mayDecide])).toEqual([
      ['penalty_waiver', true],
      ['write_off', true],
      ['offline_repayment', true],
      ['settlement', false],
    ]);
  });

  it('refuses a role without the inbox', async () => {
    const response = await consoleCall(t.app, 'GET', '/approvals', { session: sessions.agent });
    expect(response.statusCode).toBe(403);
  });

  it('drops a request once decided by its own call, approved or rejected', async () => {
    const approved = await consoleCall(t.app, 'POST', `/penalty-waivers/${waiverId}/approve`, { session: sessions.supervisor2 });
    expect(approved.statusCode, approved.body).toBe(200);
    const rejected = await consoleCall(t.app, 'POST', `/write-offs/${writeOffId}/reject`, { session: sessions.risk });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const view = await inbox(sessions.supervisor2);
    expect(ours(view).map((item) => item.key)).toEqual([`offline_repayment:${repaymentId}`, `settlement:${settlementId}`]);
    const settled = await consoleCall(t.app, 'POST', `/collections/settlements/${settlementId}/reject`, { session: sessions.supervisor2 });
    expect(settled.statusCode, settled.body).toBe(200);
    expect(byKey(await inbox(sessions.supervisor2), `settlement:${settlementId}`)).toBeUndefined();
    expect(byKey(await inbox(sessions.supervisor), `penalty_waiver:${waiverId}`)).toBeUndefined();
  });
});
