/**
 * Money under control (issue 47) on a real database through real HTTP: one bank credit repays one
 * loan (decision 230); an offline repayment is applied on its value date, never before the payout
 * nor after today, and above the configured amount waits for a second operator (decision 231).
 */
import { Market, OrderStatus } from '@kilat/contract';
import { and, asc, count, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../../db/errors.js';
import { auditLog, bankCreditClaims, ledgerEntries, type Order, orderPeriods } from '../../db/schema.js';
import { businessDateAt } from '../../lending/business-date.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, testConfig, useTestApp } from '../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../test/console.js';
import { makeOrder } from '../../test/factories.js';
import { seedConsoleDemo } from '../console/operators/seed.js';

const base = testConfig();
const t = useTestApp({
  config: { console: { ...base.console, collectionAccounts: { IN: ['MAIN', 'HDFC-2'], ID: ['MAIN'] } } },
});
const sessions = {} as Record<'supervisor' | 'risk' | 'supervisor2', ConsoleSession>;
let borrower: DemoSession;
let secondSupervisor: Awaited<ReturnType<typeof addOperator>>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  borrower = await demoSession(t.app, Market.India);
  secondSupervisor = await addOperator(t.database.db, t.clock, { email: 'sup2@kilat.test', name: 'Sari Supervisor', role: 'supervisor' });
  sessions.supervisor = await signIn(t.app, t.clock, 'supervisor');
  sessions.risk = await signIn(t.app, t.clock, 'risk');
  sessions.supervisor2 = await signIn(t.app, t.clock, secondSupervisor);
}, SETUP_TIMEOUT_MS);

const record = (order: Order, body: Record<string, unknown>, session = sessions.supervisor) =>
  consoleCall(t.app, 'POST', `/orders/${order.id}/offline-repayments`, { session, body });
const actions = async (order: Order) =>
  (await consoleCall(t.app, 'GET', `/orders/${order.id}/actions`, { session: sessions.supervisor })).json().data;
const rowsOf = (order: Order) =>
  t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id)).orderBy(asc(ledgerEntries.id));
const today = () => t.clock.today('IN');
const statusOf = async (order: Order) =>
  (
    await call(t.app, 'loanDetails', {
      session: borrower,
      query: { market: 'IN' },
      body: { productId: String(order.productId), orderId: String(order.id) },
    })
  ).json().data.orderStatus as number;

describe('one bank credit repays one loan (defect 2)', () => {
  it('refuses a reference recorded on another order of the market, however it is typed, naming that order and posting nothing', async () => {
    const first = await makeOrder(t, { status: OrderStatus.Overdue });
    const second = await makeOrder(t, { status: OrderStatus.Overdue });
    const body = { amountMinor: 10_000, bankReference: 'NEFT-SAME-CREDIT', receivedOn: today(), reason: 'NEFT on the statement' };
    const posted = await record(first, body);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ status: 'posted', duplicate: false, bankAccount: 'MAIN' });
    const ledgerBefore = await rowsOf(second);

    for (const reference of ['NEFT-SAME-CREDIT', 'neft-same-credit']) {
      const again = await record(second, { ...body, bankReference: reference }, sessions.risk);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain(`recorded on order ${first.orderNo}: one credit repays one loan`);
    }
    expect(await rowsOf(second)).toEqual(ledgerBefore);
  });

  it('accepts the same reference in another collection account of the market', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const body = {
      amountMinor: 10_000,
      bankReference: 'NEFT-SAME-CREDIT',
      receivedOn: today(),
      reason: 'Second bank',
      bankAccount: 'hdfc-2',
    };
    const posted = await record(order, body);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json().data).toMatchObject({ status: 'posted', bankAccount: 'HDFC-2' });
    const unknown = await record(order, { ...body, bankReference: 'NEFT-OTHER', bankAccount: 'SBI-9' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/bankAccount \(one of MAIN, HDFC-2\)/);
  });

  it('is held by the database: a second live claim of one reference in one account breaks its unique index', async () => {
    const [claim] = await t.database.db.select().from(bankCreditClaims).where(eq(bankCreditClaims.bankReference, 'NEFT-SAME-CREDIT'));
    const other = await makeOrder(t, { status: OrderStatus.Overdue });
    const { id: _id, ...copy } = claim!;
    const error = await t.database.db
      .insert(bankCreditClaims)
      .values({ ...copy, orderId: other.id, ledgerEntryId: null })
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });
});

describe('an offline repayment on its value date (defects 3 and 4)', () => {
  const periodsOf = (order: Order) =>
    t.database.db.select().from(orderPeriods).where(eq(orderPeriods.orderId, order.id)).orderBy(asc(orderPeriods.periodNo));

  it('refuses a date before the payout and a date after today, naming them, and stores nothing', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const payoutOn = businessDateAt(order.disbursedAt!, 'IN');
    const [[before]] = await Promise.all([t.database.db.select({ n: count() }).from(ledgerEntries)]);
    const early = await record(order, { amountMinor: 10_000, bankReference: 'UTR-2020', receivedOn: '2020-01-01', reason: 'Old date' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(
      `Invalid request: receivedOn: 2020-01-01 is before the loan was paid out on ${payoutOn}; nothing was owed then`,
    );
    const late = await record(order, { amountMinor: 10_000, bankReference: 'UTR-2999', receivedOn: '2999-01-01', reason: 'Ahead' });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toMatch(/^Invalid request: receivedOn: 2999-01-01 is after today/);
    const [[after]] = await Promise.all([t.database.db.select({ n: count() }).from(ledgerEntries)]);
    expect(after!.n).toBe(before!.n);
    expect(await t.database.db.select().from(bankCreditClaims).where(like(bankCreditClaims.bankReference, 'UTR-2%'))).toEqual([]);
  });

  it('applies the scheduled amount received on the due date on that day: the penalties after it are reversed and nothing stays owed', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const [period] = await periodsOf(order);
    const scheduled = period!.principalMinor + period!.interestMinor + period!.feeMinor;
    const penaltiesBefore = (await rowsOf(order)).filter((row) => row.kind === 'penalty');
    expect(penaltiesBefore.length).toBeGreaterThan(0);
    expect((await actions(order)).writeOff.owedMinor).toBeGreaterThan(scheduled);

    const response = await record(order, {
      amountMinor: scheduled,
      bankReference: 'UTR-ON-DUE-DATE',
      receivedOn: period!.dueDate,
      reason: 'Paid at the branch on the due date',
    });
    expect(response.statusCode, response.body).toBe(200);
    // more than the configured amount: a second operator approves it
    expect(response.json().data).toMatchObject({ status: 'pending', receivedOn: period!.dueDate, recordedOn: today() });
    const approved = await consoleCall(t.app, 'POST', `/offline-repayments/${response.json().data.approvalId}/approve`, {
      session: sessions.risk,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const [recorded] = (await actions(order)).offlineRepayment.recorded;
    expect(recorded).toMatchObject({ receivedOn: period!.dueDate, recordedOn: today(), amountMinor: scheduled });
    expect(recorded.allocation.join(' ')).not.toMatch(/penalty/);

    const rows = await rowsOf(order);
    const repayment = rows.find((row) => row.idempotencyKey === `offline-repayment:${order.id}:UTR-ON-DUE-DATE`)!;
    expect(repayment.businessDate).toBe(period!.dueDate);
    // every penalty after the value date reversed by a row of its own, none edited or deleted
    const reversed = rows.filter((row) => row.kind === 'reversal').map((row) => (row.meta as { reverses: number }).reverses);
    expect(reversed.sort()).toEqual(
      penaltiesBefore
        .filter((row) => row.businessDate > period!.dueDate)
        .map((row) => row.id)
        .sort(),
    );
    for (const penalty of penaltiesBefore) expect(rows.find((row) => row.id === penalty.id)).toEqual(penalty);
    expect((await actions(order)).writeOff.owedMinor).toBe(0);
    expect(await statusOf(order)).toBe(OrderStatus.Settled);
    // the borrower's history shows both dates: when the bank received it and when Kilat recorded it
    const history = await call(t.app, 'repaymentHistory', { session: borrower, query: { market: 'IN' } });
    const mine = (history.json().data.list as { orderNo: string; method: string; receivedOn?: string; paidAt: string }[]).find(
      (entry) => entry.orderNo === order.orderNo && entry.method === 'offline',
    );
    expect(mine).toMatchObject({ receivedOn: period!.dueDate });
    expect(mine!.paidAt.startsWith(today())).toBe(true);
  });

  it('holds an offline repayment above the configured amount for a second operator, never the maker; rejected, the reference is free again', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const above = t.config.console.offlineRepaymentApprovalAboveMinor.IN + 1;
    const ledgerBefore = await rowsOf(order);
    const body = { amountMinor: above, bankReference: 'RTGS-LARGE-1', receivedOn: today(), reason: 'Large transfer' };
    const asked = await record(order, body);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ status: 'pending', duplicate: false });
    expect(await rowsOf(order)).toEqual(ledgerBefore);
    const id = asked.json().data.approvalId;

    const own = await consoleCall(t.app, 'POST', `/offline-repayments/${id}/approve`, { session: sessions.supervisor });
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toMatch(/another operator/);
    expect((await consoleCall(t.app, 'POST', `/offline-repayments/${id}/reject`, { session: sessions.supervisor2 })).statusCode).toBe(200);
    expect(await rowsOf(order)).toEqual(ledgerBefore);

    const again = await record(order, body);
    expect(again.json().data).toMatchObject({ status: 'pending', duplicate: false });
    const approved = await consoleCall(t.app, 'POST', `/offline-repayments/${again.json().data.approvalId}/approve`, {
      session: sessions.risk,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const posted = (await rowsOf(order)).filter((row) => row.kind === 'repayment');
    expect(posted.map((row) => [row.amountMinor, (row.meta as { approvedBy?: number }).approvedBy])).toEqual([
      [above, sessions.risk.operatorId],
    ]);
    const [claim] = await t.database.db
      .select()
      .from(bankCreditClaims)
      .where(and(eq(bankCreditClaims.bankReference, 'RTGS-LARGE-1'), eq(bankCreditClaims.orderId, order.id)))
      .orderBy(asc(bankCreditClaims.id));
    expect(claim!.releasedAt).not.toBeNull();
  });
});

describe('the control matrix: limits summed per order and per operator a day (defect 1)', () => {
  const waive = (order: Order, amountMinor: number, session = sessions.supervisor) =>
    consoleCall(t.app, 'POST', `/orders/${order.id}/penalty-waivers`, { session, body: { amountMinor, reason: 'Goodwill on a late fee' } });
  const waivedOf = async (order: Order) => (await rowsOf(order)).filter((row) => row.kind === 'penalty_waiver').length;

  it('holds the second Rs.450 waiver of an order on one day for a second person: the Rs.500 limit is summed, not per request', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    expect(t.config.console.waiverApprovalAboveMinor.IN).toBe(50_000);
    const first = await waive(order, 45_000);
    expect(first.json().data.status).toBe('approved');
    const second = await waive(order, 45_000, sessions.risk);
    expect(second.json().data.status).toBe('pending');
    const third = await waive(order, 45_000);
    expect(third.json().data.status).toBe('pending');
    expect(await waivedOf(order)).toBe(1);
    // the next business day starts a new sum
    t.clock.advance(24 * 3_600_000);
    for (const role of ['supervisor', 'risk'] as const) sessions[role] = await signIn(t.app, t.clock, role);
    sessions.supervisor2 = await signIn(t.app, t.clock, secondSupervisor);
    expect((await waive(order, 45_000)).json().data.status).toBe('approved');
  });

  it('sums an offline repayment’s day on the order too', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const limit = t.config.console.offlineRepaymentApprovalAboveMinor.IN;
    const body = { receivedOn: today(), reason: 'Two transfers' };
    const first = await record(order, { ...body, amountMinor: limit - 1_000, bankReference: 'SPLIT-1' });
    expect(first.json().data.status).toBe('posted');
    const second = await record(order, { ...body, amountMinor: 2_000, bankReference: 'SPLIT-2' });
    expect(second.json().data.status).toBe('pending');
  });

  it('is read by risk, changed by an admin only, with the change audited; a changed per-operator limit holds on other orders', async () => {
    const admin = await signIn(t.app, t.clock, 'admin');
    const matrix = await consoleCall(t.app, 'GET', '/money-controls', { session: sessions.risk });
    expect(matrix.statusCode).toBe(200);
    expect(matrix.json().data).toContainEqual(
      expect.objectContaining({ market: 'IN', action: 'penalty_waiver', orderDayMinor: 50_000, updatedBy: null }),
    );
    const change = {
      market: 'IN',
      action: 'penalty_waiver',
      orderDayMinor: 50_000,
      operatorDayMinor: 60_000,
      reason: 'Tighter for the pilot',
    };
    const refused = await consoleCall(t.app, 'PUT', '/money-controls', { session: sessions.supervisor, body: change });
    expect(refused.statusCode).toBe(403);
    const changed = await consoleCall(t.app, 'PUT', '/money-controls', { session: admin, body: change });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ operatorDayMinor: 60_000, updatedBy: { id: admin.operatorId } });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'money-controls.change'));
    expect(audit).toMatchObject({
      operatorId: admin.operatorId,
      before: { operatorDayMinor: 500_000 },
      after: { operatorDayMinor: 60_000 },
    });

    const one = await makeOrder(t, { status: OrderStatus.Overdue });
    const two = await makeOrder(t, { status: OrderStatus.Overdue });
    expect((await waive(one, 40_000, sessions.supervisor2)).json().data.status).toBe('approved');
    expect((await waive(two, 40_000, sessions.supervisor2)).json().data.status).toBe('pending');
  });
});

describe('reversals with a reason and a second person (defect 5)', () => {
  const reverse = (order: Order, ledgerId: number, session = sessions.supervisor) =>
    consoleCall(t.app, 'POST', `/orders/${order.id}/reversals`, { session, body: { ledgerId, reason: 'Recorded on the wrong loan' } });
  const approve = (id: number, session = sessions.risk) => consoleCall(t.app, 'POST', `/reversals/${id}/approve`, { session });
  const owedOf = async (order: Order) => (await actions(order)).writeOff.owedMinor as number;

  it('reverses an offline repayment recorded on the wrong loan by a reversing row; the order owes again and the credit repays the right loan', async () => {
    const wrong = await makeOrder(t, { status: OrderStatus.Overdue });
    const right = await makeOrder(t, { status: OrderStatus.Overdue });
    const body = { amountMinor: 10_000, bankReference: 'NEFT-WRONG-LOAN', receivedOn: today(), reason: 'NEFT on the statement' };
    expect((await record(wrong, body)).json().data.status).toBe('posted');
    const owedAfterRepayment = await owedOf(wrong);
    const repayment = (await rowsOf(wrong)).find((row) => row.idempotencyKey === `offline-repayment:${wrong.id}:NEFT-WRONG-LOAN`)!;

    const asked = await reverse(wrong, repayment.id);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.status).toBe('pending');
    const id = asked.json().data.id;
    expect((await approve(id, sessions.supervisor)).statusCode).toBe(403);
    expect((await approve(id)).statusCode).toBe(200);
    expect((await approve(id)).statusCode).toBe(409);

    const rows = await rowsOf(wrong);
    expect(rows.find((row) => row.id === repayment.id)).toEqual(repayment);
    const reversal = rows.find((row) => row.kind === 'reversal')!;
    expect(reversal).toMatchObject({ amountMinor: 10_000, meta: { reverses: repayment.id, reason: 'Recorded on the wrong loan' } });
    expect(await owedOf(wrong)).toBe(owedAfterRepayment + 10_000);
    expect((await reverse(wrong, repayment.id)).statusCode).toBe(409);

    const moved = await record(right, body);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ status: 'posted', duplicate: false });
  });

  it('reverses a penalty waiver: the penalty is owed again', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const before = await owedOf(order);
    const waived = await consoleCall(t.app, 'POST', `/orders/${order.id}/penalty-waivers`, {
      session: sessions.risk,
      body: { amountMinor: 20_000, reason: 'Goodwill' },
    });
    expect(waived.json().data.status).toBe('approved');
    expect(await owedOf(order)).toBe(before - 20_000);
    const waiver = (await rowsOf(order)).find((row) => row.kind === 'penalty_waiver')!;
    const asked = await reverse(order, waiver.id);
    expect((await approve(asked.json().data.id)).statusCode).toBe(200);
    expect(await owedOf(order)).toBe(before);
  });

  it('reverses a write-off: the loan is overdue again and owes what it owed', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const before = await owedOf(order);
    const asked = await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, {
      session: sessions.supervisor,
      body: { reason: 'Uncollectable' },
    });
    expect((await consoleCall(t.app, 'POST', `/write-offs/${asked.json().data.id}/approve`, { session: sessions.risk })).statusCode).toBe(
      200,
    );
    expect(await statusOf(order)).toBe(OrderStatus.Settled);
    const writeOff = (await rowsOf(order)).find((row) => row.kind === 'write_off')!;
    const reversal = await reverse(order, writeOff.id);
    expect((await approve(reversal.json().data.id)).statusCode).toBe(200);
    expect(await statusOf(order)).toBe(OrderStatus.Overdue);
    expect(await owedOf(order)).toBe(before);
  });

  it('refuses to reverse a row that is not a repayment, a waiver or a write-off, and a row of another order', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const penalty = (await rowsOf(order)).find((row) => row.kind === 'penalty')!;
    expect((await reverse(order, penalty.id)).statusCode).toBe(409);
    const other = await makeOrder(t, { status: OrderStatus.Overdue });
    expect((await reverse(other, penalty.id)).statusCode).toBe(400);
  });
});
