/**
 * Reversals from the console (issue 47, decisions 233 and 274) on a real database through real HTTP:
 * the order page lists the rows in force that may be reversed and the reversals asked; a write-off
 * with money recovered on it since is refused until the recovery is reversed first (the recovery
 * stays a recovery, never left on a loan that owes again); a settlement is reversed like a write-off;
 * the borrower is told by SMS, in their market's language and money, when it changes what they owe.
 */
import { formatMoney, interpolate, Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { borrowers, ledgerEntries, type Order, orders } from '../../../db/schema.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { makeOrder } from '../../../test/factories.js';
import { postSettlementWaiver } from '../../ledger/posting.js';
import { balancesAt } from '../../ledger/replay.js';
import { ledgersOf } from '../../ledger/repository.js';
import { smsOutbox } from '../../sms/outbox-table.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
const sessions = {} as Record<'supervisor' | 'risk' | 'risk2', ConsoleSession>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  const riskTwo = await addOperator(t.database.db, t.clock, { email: 'risk2@kilat.test', name: 'Rina Risk', role: 'risk' });
  sessions.supervisor = await signIn(t.app, t.clock, 'supervisor');
  sessions.risk = await signIn(t.app, t.clock, 'risk');
  sessions.risk2 = await signIn(t.app, t.clock, riskTwo);
}, SETUP_TIMEOUT_MS);

const rowsOf = (order: Order) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id)).orderBy(asc(ledgerEntries.id));
const rowOf = async (order: Order, kind: string) => (await rowsOf(order)).find((row) => row.kind === kind)!;
const actions = async (order: Order) =>
  (await consoleCall(t.app, 'GET', `/orders/${order.id}/actions`, { session: sessions.supervisor })).json().data;
const reverse = (order: Order, ledgerId: number, session = sessions.supervisor) =>
  consoleCall(t.app, 'POST', `/orders/${order.id}/reversals`, { session, body: { ledgerId, reason: 'Posted on the wrong loan' } });
const approve = (id: number, session = sessions.risk) => consoleCall(t.app, 'POST', `/reversals/${id}/approve`, { session });
const owedOf = async (order: Order) => {
  const [fresh] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
  const ledger = (await ledgersOf(t.database.db, [order.id])).get(order.id)!;
  return balancesAt(fresh!, ledger, t.clock.now(), t.clock.today(order.market)).replay;
};
const smsTo = async (order: Order) => {
  const [borrower] = await t.database.db.select({ phone: borrowers.phone }).from(borrowers).where(eq(borrowers.id, order.borrowerId));
  return t.database.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.phone, borrower!.phone)))
    .orderBy(asc(smsOutbox.id));
};

/** An overdue order written off by one risk operator and approved by another. */
const writtenOff = async (market: Market) => {
  const order = await makeOrder(t, { market, status: OrderStatus.Overdue });
  const asked = await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, {
    session: sessions.risk,
    body: { reason: 'No contact' },
  });
  expect(asked.statusCode, asked.body).toBe(200);
  if (asked.json().data.status === 'pending')
    expect((await consoleCall(t.app, 'POST', `/write-offs/${asked.json().data.id}/approve`, { session: sessions.risk2 })).statusCode).toBe(
      200,
    );
  return order;
};

describe('reversing a write-off after a recovery (decision 274)', () => {
  it('refuses the write-off while a recovery stands, posting nothing; the recovery reversed first, the write-off reverses', async () => {
    const order = await writtenOff(Market.India);
    const recorded = await consoleCall(t.app, 'POST', `/orders/${order.id}/offline-repayments`, {
      session: sessions.supervisor,
      body: {
        amountMinor: 10_000,
        bankReference: `REC-REV-${order.id}`,
        receivedOn: t.clock.today('IN'),
        reason: 'NEFT after the write-off',
      },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().data.status).toBe('posted');
    const writeOff = await rowOf(order, 'write_off');
    const recovery = await rowOf(order, 'recovery');
    const before = await rowsOf(order);

    const refused = await reverse(order, writeOff.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/recovered on this loan after the write-off: reverse the recovery first/);
    expect(refused.json().message).toContain('₹100.00');
    expect(await rowsOf(order)).toEqual(before);
    expect((await owedOf(order)).recoveredMinor).toBe(10_000);

    // the recovery is reversed first (its credit freed), then the write-off: the loan owes what it owed again
    const recoveryReversal = await reverse(order, recovery.id);
    expect(recoveryReversal.statusCode, recoveryReversal.body).toBe(200);
    expect((await approve(recoveryReversal.json().data.id)).statusCode).toBe(200);
    expect((await owedOf(order)).recoveredMinor).toBe(0);
    const writeOffReversal = await reverse(order, writeOff.id);
    expect(writeOffReversal.statusCode, writeOffReversal.body).toBe(200);
    expect((await approve(writeOffReversal.json().data.id)).statusCode).toBe(200);
    const after = await owedOf(order);
    expect(after.writtenOffMinor).toBe(0);
    expect(after.outstandingMinor).toBeGreaterThanOrEqual(writeOff.amountMinor);
  });

  it('refuses the same refusal at the approval when a recovery was posted after the reversal was asked', async () => {
    const order = await writtenOff(Market.India);
    const writeOff = await rowOf(order, 'write_off');
    const asked = await reverse(order, writeOff.id);
    expect(asked.statusCode, asked.body).toBe(200);
    const recorded = await consoleCall(t.app, 'POST', `/orders/${order.id}/offline-repayments`, {
      session: sessions.supervisor,
      body: {
        amountMinor: 5_000,
        bankReference: `REC-LATE-${order.id}`,
        receivedOn: t.clock.today('IN'),
        reason: 'NEFT after the write-off',
      },
    });
    expect(recorded.json().data.status).toBe('posted');
    const before = await rowsOf(order);
    const approved = await approve(asked.json().data.id);
    expect(approved.statusCode).toBe(409);
    expect(await rowsOf(order)).toEqual(before);
    expect((await owedOf(order)).recoveredMinor).toBe(5_000);
  });
});

describe('the order page offers reversals and the borrower is told (decision 274)', () => {
  it.each([
    [Market.India, enIN.smsLoanCorrected, /₹/],
    [Market.Indonesia, idID.smsLoanCorrected, /Rp/],
  ])(
    '%s: a settlement reversed by a second person: the loan owes again and the SMS names the new amount',
    async (market, text, currency) => {
      const order = await makeOrder(t, { market, status: OrderStatus.Overdue });
      const posted = await t.database.db.transaction((tx) =>
        postSettlementWaiver(tx, t.clock, order, { settlementId: 900_000 + order.id, operatorId: null }),
      );
      expect(posted.result.posted).toBe(true);
      expect((await owedOf(order)).outstandingMinor).toBe(0);
      const settlement = await rowOf(order, 'settlement_waiver');

      const listed = await actions(order);
      expect(listed.reversal.rows).toContainEqual(
        expect.objectContaining({ ledgerId: settlement.id, kind: 'settlement_waiver', waiting: false }),
      );
      const asked = await reverse(order, settlement.id, sessions.risk);
      expect(asked.statusCode, asked.body).toBe(200);
      // a second request for the same row waits on the first
      const twice = await reverse(order, settlement.id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toMatch(/already waiting/);
      const waiting = await actions(order);
      expect(waiting.reversal.rows.find((row: { ledgerId: number }) => row.ledgerId === settlement.id).waiting).toBe(true);
      expect(waiting.reversal.requests).toEqual([
        expect.objectContaining({
          id: asked.json().data.id,
          status: 'pending',
          ledgerId: settlement.id,
          reversedKind: 'settlement_waiver',
        }),
      ]);
      // the maker never decides their own; nothing is told before the approval
      const byMaker = await approve(asked.json().data.id, sessions.risk);
      expect(byMaker.statusCode).toBe(409);
      expect(byMaker.json().message).toMatch(/another operator|own/);
      const smsBefore = await smsTo(order);

      expect((await approve(asked.json().data.id, sessions.risk2)).statusCode).toBe(200);
      const owed = (await owedOf(order)).outstandingMinor;
      expect(owed).toBe(settlement.amountMinor);
      const told = (await smsTo(order)).slice(smsBefore.length);
      expect(told).toHaveLength(1);
      expect(told[0]!.body).toBe(interpolate(text, { orderNo: order.orderNo, amount: formatMoney(owed, market) }));
      expect(told[0]!.body).toMatch(currency);
      expect((await actions(order)).reversal.rows.some((row: { ledgerId: number }) => row.ledgerId === settlement.id)).toBe(false);
    },
  );
});
