/**
 * Operators see the money going out (issue 28 item 6, decisions 142-143), through the real app, the
 * real database and the sandbox payout gateway (its destinations decide by their last four digits,
 * docs/sandboxes.md): the payouts screen by state and market, the order's payout timeline, retry and
 * cancel-loan for the risk and admin roles only (audited, with the key rules of decision 135), and
 * the reconciliation's mismatches resolved with a note.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { ConsoleCode, type PayoutListItem, type PayoutTimeline } from '@kilat/contract/console';
import { asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, orders, payoutMismatches, payouts, products } from '../../../db/schema.js';
import { call, type DemoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { giveDisbursalAccount } from '../../../test/disbursal.js';
import type { SandboxPayoutGateway } from '../../payments/gateways/sandbox/payout-gateway.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
type Role = 'agent' | 'supervisor' | 'risk' | 'admin';
const sessions = {} as Record<Role, ConsoleSession>;

interface Borrower extends DemoSession {
  phone: string;
}

/** A new borrower whose active account ends in `last4`, with a submitted loan of the market's first product. */
const loanTo = async (market: Market, last4: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=due` });
  expect(response.statusCode, response.body).toBe(200);
  const borrower = response.json() as Borrower;
  await giveDisbursalAccount(t, Number(borrower.userId), last4);
  const [product] = (await t.database.db.select().from(products).where(eq(products.market, market))).sort(
    (a, b) => a.sortOrder - b.sortOrder,
  );
  const body = {
    productId: String(product!.id),
    amount: String(product!.amountMinMinor),
    periods: String(product!.termDays),
    termUnit: '1',
  };
  const pushed = await call(t.app, 'loanPush', { session: borrower, query: { market }, body });
  expect(pushed.statusCode, pushed.body).toBe(200);
  const orderId = new URL(pushed.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')!;
  return { borrower, orderId: Number(orderId), productId: String(product!.id) };
};

/** The decision is made at submit (issue 29): the payout job runs. */
const decideAndRun = async () => t.app.disbursal.run(t.clock.now());

const payoutsOf = (orderId: number) =>
  t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId)).orderBy(asc(payouts.attempt));
const auditCount = async () => (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
const auditOf = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));
const sandbox = () => t.app.payoutGateways.byName('sandbox') as SandboxPayoutGateway;

const get = async <T>(role: Role, path: string): Promise<T> => {
  const response = await consoleCall(t.app, 'GET', path, { session: sessions[role] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
};
const post = (role: Role, path: string, body: unknown) => consoleCall(t.app, 'POST', path, { session: sessions[role], body });
const listed = async (query: string) => (await get<{ items: PayoutListItem[] }>('risk', `/payouts?${query}`)).items;
const timelineOf = (orderId: number) => get<PayoutTimeline>('risk', `/payouts/orders/${orderId}`);

let landed: Awaited<ReturnType<typeof loanTo>>;
let closed: Awaited<ReturnType<typeof loanTo>>;
let retrying: Awaited<ReturnType<typeof loanTo>>;
let slow: Awaited<ReturnType<typeof loanTo>>;
let lowBalance: Awaited<ReturnType<typeof loanTo>>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  landed = await loanTo(Market.India, '1234');
  closed = await loanTo(Market.India, '9006');
  retrying = await loanTo(Market.Indonesia, '9005');
  slow = await loanTo(Market.India, '9003');
  lowBalance = await loanTo(Market.Indonesia, '9007');
  await decideAndRun();
  for (const role of ['agent', 'supervisor', 'risk', 'admin'] as const) sessions[role] = await signIn(t.app, t.clock, role);
}, SETUP_TIMEOUT_MS);

describe('the payouts screen', () => {
  it("lists each order's latest attempt by state: waiting (a retry after its wait, low balance), processing, failed with the gateway's reason, succeeded", async () => {
    const waiting = await listed('state=waiting');
    const retry = waiting.find((item) => item.orderId === retrying.orderId)!;
    expect(retry).toMatchObject({ attempt: 2, status: 'queued', state: 'waiting', market: 'ID' });
    expect(retry.failureReason).toMatch(/^attempt 1 failed: /);
    const held = waiting.find((item) => item.orderId === lowBalance.orderId)!;
    expect(held).toMatchObject({ status: 'processing', state: 'waiting', failureReason: expect.stringMatching(/low balance/) });

    expect((await listed('state=processing')).map((item) => item.orderId)).toContain(slow.orderId);
    const failed = (await listed('state=failed')).find((item) => item.orderId === closed.orderId)!;
    expect(failed).toMatchObject({ state: 'failed', failureCode: 'ACCOUNT_CLOSED', retryable: false, accountEnding: '9006' });
    expect(failed.failureReason).toBeTruthy();
    const succeeded = (await listed('state=succeeded')).find((item) => item.orderId === landed.orderId)!;
    expect(succeeded.utr).toMatch(/\d{12}/);
    // one row per order, the latest attempt: the retrying order's failed first attempt is not listed apart
    expect((await listed('state=failed')).map((item) => item.orderId)).not.toContain(retrying.orderId);
  });

  it('filters by market', async () => {
    const indonesia = await listed('market=ID');
    expect(indonesia.length).toBeGreaterThan(0);
    expect(indonesia.every((item) => item.market === 'ID')).toBe(true);
    expect(indonesia.map((item) => item.orderId)).toEqual(expect.arrayContaining([retrying.orderId, lowBalance.orderId]));
    expect(indonesia.map((item) => item.orderId)).not.toContain(closed.orderId);
  });

  it("shows an order's attempts as a timeline: each with its key, gateway id and state changes with times", async () => {
    const timeline = await timelineOf(retrying.orderId);
    const [first, second] = timeline.attempts;
    const stored = await payoutsOf(retrying.orderId);
    expect(first).toMatchObject({
      attempt: 1,
      status: 'failed',
      retryable: true,
      failureCode: 'TEMPORARY_TRANSFER_ERROR',
      idempotencyKey: stored[0]!.idempotencyKey,
      gatewayPayoutId: stored[0]!.gatewayPayoutId,
    });
    expect(first!.changes.map((change) => change.status)).toEqual(['queued', 'failed']);
    expect(first!.changes[1]).toMatchObject({ failureCode: 'TEMPORARY_TRANSFER_ERROR', at: stored[0]!.updatedAt.toISOString() });
    expect(second).toMatchObject({ attempt: 2, status: 'queued', idempotencyKey: stored[1]!.idempotencyKey });
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(timeline.retry).toMatchObject({ allowed: true, explanation: expect.stringMatching(/key stored for it/) });

    const done = await timelineOf(landed.orderId);
    expect(done.attempts[0]!.changes.map((change) => change.status)).toEqual(['queued', 'processed']);
    expect(done.attempts[0]!.changes[1]!.utr).toMatch(/\d{12}/);
    expect(done.retry.allowed).toBe(false);
    expect(done.cancelLoan.allowed).toBe(false);
  });
});

describe('payout actions are for the risk and admin roles only', () => {
  it('refuses agents the screen, and agents and supervisors every action, with 403 in the envelope, changing and auditing nothing', async () => {
    const agent = await consoleCall(t.app, 'GET', '/payouts', { session: sessions.agent });
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toMatchObject({ code: ConsoleCode.RoleRefused, data: null });
    // supervisors read the timeline (a complaint about money that did not arrive), but may not act
    await get('supervisor', `/payouts/orders/${closed.orderId}`);
    const before = { audit: await auditCount(), payouts: await payoutsOf(retrying.orderId) };
    for (const role of ['agent', 'supervisor'] as const) {
      for (const path of [`/payouts/orders/${retrying.orderId}/retry`, `/payouts/orders/${closed.orderId}/cancel-loan`]) {
        const response = await post(role, path, { reason: 'the borrower called' });
        expect(response.statusCode, `${role} ${path}`).toBe(403);
        expect(response.json().code).toBe(ConsoleCode.RoleRefused);
      }
      const resolve = await post(role, '/payout-mismatches/1/resolve', { note: 'checked' });
      expect(resolve.statusCode).toBe(403);
    }
    expect(await auditCount()).toBe(before.audit);
    expect(await payoutsOf(retrying.orderId)).toEqual(before.payouts);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, closed.orderId));
    expect(order!.cancelledAt).toBeNull();
  });

  it('refuses an action without a session (401) or without the CSRF token (403)', async () => {
    const path = `/payouts/orders/${closed.orderId}/cancel-loan`;
    const body = { reason: 'the borrower called' };
    const anonymous = await consoleCall(t.app, 'POST', path, { body });
    expect(anonymous.statusCode).toBe(401);
    const forged = await consoleCall(t.app, 'POST', path, { session: sessions.risk, csrf: false, body });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe(ConsoleCode.CsrfRefused);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, closed.orderId));
    expect(order!.cancelledAt).toBeNull();
  });

  it('refuses an action without a reason', async () => {
    const response = await post('risk', `/payouts/orders/${retrying.orderId}/retry`, { reason: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Invalid request: reason/);
  });
});

describe('retry', () => {
  it("sends a retryable failure's waiting attempt now, with the key stored for it, audited with the reason", async () => {
    const [, waiting] = await payoutsOf(retrying.orderId);
    // still waiting out the first retry's wait
    expect(waiting!.nextTryAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const response = await post('risk', `/payouts/orders/${retrying.orderId}/retry`, { reason: 'bank back online' });
    expect(response.statusCode, response.body).toBe(200);
    const [, now] = await payoutsOf(retrying.orderId);
    expect(now).toMatchObject({ status: 'queued', idempotencyKey: waiting!.idempotencyKey, nextTryAt: t.clock.now() });
    const [audited] = await auditOf('payout.retry');
    expect(audited).toMatchObject({ operatorId: sessions.risk.operatorId, targetType: 'order', targetId: String(retrying.orderId) });
    expect(audited!.after).toMatchObject({ reason: 'bank back online', idempotencyKey: waiting!.idempotencyKey });

    const create = vi.spyOn(sandbox(), 'createPayout');
    await t.app.disbursal.run(t.clock.now());
    expect(create.mock.calls.map(([input]) => input.idempotencyKey)).toEqual([waiting!.idempotencyKey]);
    create.mockRestore();
    expect((await payoutsOf(retrying.orderId))[1]).toMatchObject({ status: 'processed', idempotencyKey: waiting!.idempotencyKey });
  });

  it('never gives a processing payout a new key: refused with why, nothing audited', async () => {
    const before = { audit: await auditCount(), rows: await payoutsOf(slow.orderId) };
    const response = await post('admin', `/payouts/orders/${slow.orderId}/retry`, { reason: 'the borrower is waiting' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: ConsoleCode.Conflict, message: expect.stringMatching(/could pay twice/) });
    expect(await payoutsOf(slow.orderId)).toEqual(before.rows);
    expect(await auditCount()).toBe(before.audit);
  });

  it('a final failure is retried only once the borrower gave another account: then a new attempt with a new key lands', async () => {
    const refused = await post('risk', `/payouts/orders/${closed.orderId}/retry`, { reason: 'try again' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/must give another account/);
    expect((await timelineOf(closed.orderId)).retry.allowed).toBe(false);

    await giveDisbursalAccount(t, Number(closed.borrower.userId), '4321');
    const retried = await post('risk', `/payouts/orders/${closed.orderId}/retry`, { reason: 'the borrower gave a new account' });
    expect(retried.statusCode, retried.body).toBe(200);
    const [first, second] = await payoutsOf(closed.orderId);
    expect(second).toMatchObject({ attempt: 2, status: 'queued', nextTryAt: t.clock.now() });
    expect(second!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(second!.disbursalAccountId).not.toBe(first!.disbursalAccountId);
    const timeline = retried.json().data as PayoutTimeline;
    expect(timeline.attempts.map((attempt) => [attempt.attempt, attempt.accountEnding])).toEqual([
      [1, '9006'],
      [2, '4321'],
    ]);
    // the job's own re-queue for the new account finds the attempt already queued: still one
    await t.app.disbursal.run(t.clock.now());
    const rows = await payoutsOf(closed.orderId);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ status: 'processed', idempotencyKey: second!.idempotencyKey });
  });
});

describe('cancel-loan', () => {
  it('closes a loan whose payout failed for good at no cost, tells the borrower, audited with the reason', async () => {
    const failed = await loanTo(Market.Indonesia, '9001');
    await decideAndRun();
    const timeline = await timelineOf(failed.orderId);
    expect(timeline.cancelLoan.allowed).toBe(true);
    const response = await post('admin', `/payouts/orders/${failed.orderId}/cancel-loan`, { reason: 'borrower asked by phone' });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().data as PayoutTimeline).cancelledAt).toBe(t.clock.now().toISOString());
    const details = await call(t.app, 'loanDetails', {
      session: failed.borrower,
      query: { market: Market.Indonesia },
      body: { orderId: String(failed.orderId), productId: failed.productId },
    });
    expect(details.json().data.orderStatus).toBe(OrderStatus.Rejected);
    const messages = await call(t.app, 'messages', { session: failed.borrower, query: { market: Market.Indonesia } });
    expect(messages.json().data.list[0].kind).toBe('cancelled');
    const [audited] = (await auditOf('payout.cancel-loan')).filter((row) => row.targetId === String(failed.orderId));
    expect(audited).toMatchObject({ operatorId: sessions.admin.operatorId, targetType: 'order' });
    expect(audited!.after).toMatchObject({ reason: 'borrower asked by phone' });
    // a second cancel is refused and audits nothing
    const again = await post('admin', `/payouts/orders/${failed.orderId}/cancel-loan`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect((await auditOf('payout.cancel-loan')).filter((row) => row.targetId === String(failed.orderId))).toHaveLength(1);
  });

  it('refuses to cancel a loan whose money landed, or whose payout is at the gateway', async () => {
    for (const orderId of [landed.orderId, slow.orderId]) {
      const response = await post('risk', `/payouts/orders/${orderId}/cancel-loan`, { reason: 'wrong loan' });
      expect(response.statusCode).toBe(409);
      const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order!.cancelledAt).toBeNull();
    }
  });
});

describe("the reconciliation's mismatches", () => {
  it('lists unresolved ones first and resolves one with a note, audited once', async () => {
    const [resolvedBefore, open] = await t.database.db
      .insert(payoutMismatches)
      .values([
        {
          market: 'IN',
          gateway: 'sandbox',
          businessDate: '2026-11-20',
          kind: 'missing_in_ledger',
          movement: 'disbursement',
          gatewayPayoutId: 'pout_old',
          gatewayAmountMinor: 500_000,
          foundAt: t.clock.now(),
          resolvedAt: t.clock.now(),
        },
        {
          market: 'IN',
          gateway: 'sandbox',
          businessDate: '2026-11-19',
          kind: 'amount_differs',
          movement: 'disbursement',
          gatewayPayoutId: 'pout_1',
          ledgerAmountMinor: 500_000,
          gatewayAmountMinor: 400_000,
          foundAt: new Date(t.clock.now().getTime() - 86_400_000),
        },
      ])
      .returning();
    const page = await get<{ items: { id: number; resolvedAt: string | null; ledgerAmount: string }[]; unresolved: number }>(
      'supervisor',
      '/payout-mismatches',
    );
    expect(page.items.map((item) => item.id)).toEqual([open!.id, resolvedBefore!.id]);
    expect(page.unresolved).toBe(1);
    expect(page.items[0]!.ledgerAmount).toMatch(/5,000\.00/);

    const response = await post('risk', `/payout-mismatches/${open!.id}/resolve`, { note: 'gateway fee, refunded by RazorpayX' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ resolutionNote: 'gateway fee, refunded by RazorpayX', resolvedBy: { role: 'risk' } });
    const [audited] = await auditOf('payout-mismatch.resolve');
    expect(audited).toMatchObject({ targetType: 'payout-mismatch', targetId: String(open!.id), operatorId: sessions.risk.operatorId });
    expect(audited!.after).toMatchObject({ note: 'gateway fee, refunded by RazorpayX' });

    const again = await post('admin', `/payout-mismatches/${open!.id}/resolve`, { note: 'me too' });
    expect(again.statusCode).toBe(409);
    expect(await auditOf('payout-mismatch.resolve')).toHaveLength(1);
    expect((await get<{ unresolved: number }>('risk', '/payout-mismatches')).unresolved).toBe(0);
  });
});
