/**
 * The collections dashboard (issue 46 §5, decision 217) through real HTTP on a real database: what was
 * recovered from the ledger, promises made, kept and broken with the keep rate, contacts per case,
 * the cure rate and the roll of each class into the next over the month to the range's end; the CSV.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, type Order } from '../../db/schema.js';
import { addDays } from '../../lending/business-date.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../test/console.js';
import { makeOrder } from '../../test/factories.js';
import { seedConsoleDemo } from '../console/operators/seed.js';
import { collectionCases } from './tables.js';

const t = useTestApp();
let supervisor: ConsoleSession;
const DAY_MS = 24 * 3600_000;

const run = async () => {
  const response = await consoleCall(t.app, 'POST', '/collections/run', { session: supervisor });
  expect(response.statusCode, response.body).toBe(200);
};
const caseIdOf = async (order: Order) =>
  (await t.database.db.select().from(collectionCases).where(eq(collectionCases.orderId, order.id)))[0]!.id;
const overdue = (days: number) => makeOrder(t, { market: Market.India, status: OrderStatus.Overdue, disbursedDaysAgo: days + 91 });
const repayOffline = async (order: Order, amountMinor: number, reference: string) => {
  const paid = await consoleCall(t.app, 'POST', `/orders/${order.id}/offline-repayments`, {
    session: supervisor,
    body: { amountMinor, bankReference: reference, receivedOn: t.clock.today('IN'), reason: 'NEFT to the collection account' },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  if (paid.json().data.status === 'pending') {
    const risk = await signIn(t.app, t.clock, 'risk');
    const cleared = await consoleCall(t.app, 'POST', `/offline-repayments/${paid.json().data.approvalId}/approve`, { session: risk });
    expect(cleared.statusCode, cleared.body).toBe(200);
  }
};

describe('the collections dashboard', () => {
  const orders: Record<'rolls' | 'breaks' | 'cures', Order> = {} as never;
  let start: string;

  beforeAll(async () => {
    // a Tuesday, 11:00 in India: within the hours
    t.clock.set(new Date('2026-12-08T05:30:00Z'));
    await seedConsoleDemo(t.database.db, t.clock);
    supervisor = await signIn(t.app, t.clock, 'supervisor');
    start = t.clock.today('IN');
    orders.rolls = await overdue(10);
    orders.breaks = await overdue(40);
    orders.cures = await overdue(12);
    await run();
  }, SETUP_TIMEOUT_MS);

  it('counts recovered money, promises and their keep rate, contacts per case, cures and rolls, each from its source', async () => {
    const rolls = await caseIdOf(orders.rolls);
    const breaks = await caseIdOf(orders.breaks);
    for (const [caseId, amountMinor] of [
      [rolls, 30_000],
      [breaks, 40_000],
    ] as const) {
      const made = await consoleCall(t.app, 'POST', `/collections/cases/${caseId}/promises`, {
        session: supervisor,
        body: { amountMinor, promisedOn: start },
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    const call = await consoleCall(t.app, 'POST', `/collections/cases/${rolls}/contacts`, {
      session: supervisor,
      body: { channel: 'call', outcome: 'promised_to_pay', note: '' },
    });
    expect(call.statusCode, call.body).toBe(200);
    await repayOffline(orders.rolls, 30_000, `UTR${orders.rolls.id}A`);
    await run();

    // a month on: the unpaid ones rolled, the third repaid in full
    t.clock.set(new Date(t.clock.now().getTime() + 31 * DAY_MS));
    supervisor = await signIn(t.app, t.clock, 'supervisor');
    const end = t.clock.today('IN');
    const cures = await caseIdOf(orders.cures);
    const owed = (await consoleCall(t.app, 'GET', `/collections/cases/${cures}`, { session: supervisor })).json().data.owedToday
      .totalMinor as number;
    await repayOffline(orders.cures, owed, `UTR${orders.cures.id}B`);
    await run();

    const response = await consoleCall(t.app, 'GET', `/collections/dashboard?market=IN&from=${start}&to=${end}`, { session: supervisor });
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ market: 'IN', from: start, to: end });
    const total = (rows: { recoveredMinor: number }[]) => rows.reduce((sum, row) => sum + row.recoveredMinor, 0);
    expect(total(data.recoveredByStage)).toBe(30_000 + owed);
    expect(total(data.recoveredByCollector)).toBe(30_000 + owed);
    expect(total(data.recoveredByTeam)).toBe(30_000 + owed);
    expect(data.promises).toEqual({ made: 2, kept: 1, broken: 1, keepRate: 50 });
    expect(data.cured).toBeGreaterThanOrEqual(1);
    expect(data.cureRate).toBe(Math.round((data.cured / data.cases) * 1000) / 10);
    expect(data.contactsPerCase).toBe(Math.round((1 / data.cases) * 100) / 100);
    expect(data.casesByStage.reduce((sum: number, row: { cases: number }) => sum + row.cases, 0)).toBe(
      (await t.database.db.select().from(collectionCases)).filter((row) => row.closedOn === null && row.market === 'IN').length,
    );
    // SMA-0 a month ago: the loan left unpaid is SMA-1 now, the repaid one is not
    const sma0 = data.rollRates.find((row: { from: string }) => row.from === 'sma0');
    expect(sma0).toMatchObject({ to: 'sma1' });
    expect(sma0.rolled).toBeGreaterThanOrEqual(1);
    expect(sma0.orders).toBeGreaterThan(sma0.rolled);
    expect(sma0.rate).toBe(Math.round((sma0.rolled / sma0.orders) * 1000) / 10);
    expect(data.rollRates.map((row: { from: string }) => row.from)).toEqual(['sma0', 'sma1', 'sma2']);

    const csv = await consoleCall(t.app, 'GET', `/collections/dashboard.csv?market=IN&from=${start}&to=${end}`, { session: supervisor });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\n')[0]).toBe('section,key,value');
    expect(csv.body).toContain('promises,keep rate %,50');
    const exports = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'collections.dashboard-export'));
    expect(exports).toHaveLength(1);
  });

  it('refuses a reversed range and an agent', async () => {
    const today = t.clock.today('IN');
    const reversed = await consoleCall(t.app, 'GET', `/collections/dashboard?market=IN&from=${today}&to=${addDays(today, -1)}`, {
      session: supervisor,
    });
    expect(reversed.statusCode).toBe(400);
    const agent = await signIn(t.app, t.clock, 'agent');
    expect((await consoleCall(t.app, 'GET', '/collections/dashboard?market=IN', { session: agent })).statusCode).toBe(403);
  });
});
