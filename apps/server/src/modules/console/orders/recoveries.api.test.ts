/**
 * A repayment on a written-off loan (issue 47 defect 5, decision 238), through the console's API
 * and the real database: recorded as an offline repayment, it posts as a `recovery` row — the loan
 * stays closed, nothing is owed or overpaid — never more than was written off, never dated before
 * the write-off; the borrower's statement names it in either language.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, type Order, orders } from '../../../db/schema.js';
import { addDays } from '../../../lending/business-date.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { makeOrder } from '../../../test/factories.js';
import { balancesAt } from '../../ledger/replay.js';
import { ledgersOf } from '../../ledger/repository.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
const sessions = {} as Record<'supervisor' | 'risk' | 'risk2', ConsoleSession>;
const borrowers = {} as Record<Market, DemoSession>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  const riskTwo = await addOperator(t.database.db, t.clock, { email: 'risk2@kilat.test', name: 'Rina Risk', role: 'risk' });
  sessions.supervisor = await signIn(t.app, t.clock, 'supervisor');
  sessions.risk = await signIn(t.app, t.clock, 'risk');
  sessions.risk2 = await signIn(t.app, t.clock, riskTwo);
  borrowers.IN = await demoSession(t.app, Market.India);
  borrowers.ID = await demoSession(t.app, Market.Indonesia);
}, SETUP_TIMEOUT_MS);

/** An overdue order written off by one risk operator and approved by another: what it owed comes off. */
const writtenOff = async (market: Market) => {
  const order = await makeOrder(t, { market, status: OrderStatus.Overdue });
  const asked = await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, {
    session: sessions.risk,
    body: { reason: 'No contact for months' },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  if (asked.json().data.status === 'pending') {
    const approved = await consoleCall(t.app, 'POST', `/write-offs/${asked.json().data.id}/approve`, { session: sessions.risk2 });
    expect(approved.statusCode, approved.body).toBe(200);
  }
  const [row] = await t.database.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'write_off')));
  return { order, writtenOffMinor: row!.amountMinor, writtenOffOn: row!.businessDate };
};

const record = (order: Order, body: { amountMinor: number; bankReference: string; receivedOn: string }) =>
  consoleCall(t.app, 'POST', `/orders/${order.id}/offline-repayments`, {
    session: sessions.supervisor,
    body: { ...body, reason: 'Found on the bank statement' },
  });

const replayOf = async (order: Order) => {
  const [fresh] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
  const ledger = (await ledgersOf(t.database.db, [order.id])).get(order.id)!;
  return { order: fresh!, replay: balancesAt(fresh!, ledger, t.clock.now(), t.clock.today(order.market)).replay };
};

describe('a repayment on a written-off loan posts as a recovery', () => {
  it.each([
    [Market.India, enIN.statement_recovery],
    [Market.Indonesia, idID.statement_recovery],
  ])('%s: posted as a recovery, the loan stays closed with nothing owed or overpaid, and the statement says so', async (market, text) => {
    const { order, writtenOffMinor } = await writtenOff(market);
    const amountMinor = Math.min(10_000, writtenOffMinor);
    const recorded = await record(order, { amountMinor, bankReference: `REC-${market}-${order.id}`, receivedOn: t.clock.today(market) });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data).toMatchObject({ status: 'posted', duplicate: false, amountMinor, allocation: [] });

    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    expect(rows.filter((row) => row.kind === 'recovery').map((row) => row.amountMinor)).toEqual([amountMinor]);
    expect(rows.filter((row) => row.kind === 'repayment' && row.idempotencyKey.startsWith('offline'))).toEqual([]);
    // the console's order page says it was written off, not repaid
    const page = await consoleCall(t.app, 'GET', `/orders/${order.id}`, { session: sessions.supervisor });
    expect(page.json().data.order.closedAs).toBe('written_off');
    expect(page.json().data.ledger.rows.map((row: { kind: string }) => row.kind)).toContain('recovery');
    const after = await replayOf(order);
    expect(after.order.closedOn).not.toBeNull();
    expect(after.replay).toMatchObject({ outstandingMinor: 0, overpaidMinor: 0, recoveredMinor: amountMinor, writtenOffMinor });

    // the borrower's statement names it, in their language
    const statement = await call(t.app, 'loanStatement', {
      session: borrowers[market],
      query: { market },
      body: { orderId: String(order.id), productId: String(order.productId) },
    });
    expect(statement.json().code).toBe('00');
    const kinds = statement.json().data.rows.map((row: { kind: string }) => row.kind);
    expect(kinds).toContain(text);
    expect(kinds.at(-1)).toBe(text);

    // the same reference again answers the first, and posts nothing
    const again = await record(order, { amountMinor, bankReference: `REC-${market}-${order.id}`, receivedOn: t.clock.today(market) });
    expect(again.json().data).toMatchObject({ duplicate: true, status: 'posted' });
    const recoveries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'recovery')));
    expect(recoveries).toHaveLength(1);
  });

  it('refuses more than was written off and not yet recovered, and a date before the write-off, storing nothing', async () => {
    const { order, writtenOffMinor, writtenOffOn } = await writtenOff(Market.India);
    const tooMuch = await record(order, {
      amountMinor: writtenOffMinor + 1,
      bankReference: 'REC-TOO-MUCH',
      receivedOn: t.clock.today('IN'),
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toMatch(/written off and not yet recovered/);
    const early = await record(order, { amountMinor: 10_000, bankReference: 'REC-EARLY', receivedOn: addDays(writtenOffOn, -1) });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/before the write-off .*reverse the write-off first/);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'recovery')));
    expect(rows).toEqual([]);
    // the whole amount written off may be recovered, in parts, and no more
    const first = await record(order, {
      amountMinor: writtenOffMinor - 5_000,
      bankReference: 'REC-PART-1',
      receivedOn: t.clock.today('IN'),
    });
    expect(first.statusCode, first.body).toBe(200);
    // above the configured amount it waits for a second operator, as any offline repayment (decision 231)
    if (first.json().data.status === 'pending') {
      const approved = await consoleCall(t.app, 'POST', `/offline-repayments/${first.json().data.approvalId}/approve`, {
        session: sessions.risk,
      });
      expect(approved.statusCode, approved.body).toBe(200);
    }
    expect((await replayOf(order)).replay.recoveredMinor).toBe(writtenOffMinor - 5_000);
    const beyond = await record(order, { amountMinor: 5_001, bankReference: 'REC-PART-2', receivedOn: t.clock.today('IN') });
    expect(beyond.statusCode).toBe(400);
  });
});
