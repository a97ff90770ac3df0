/**
 * Collections (issue 46) on a real database through real HTTP: each market's classification at its
 * boundaries, allocation by weight and capacity, a promise kept by a repayment and one broken
 * without, every conduct refusal at the edges of the hours in each zone, on an Indonesian Sunday and
 * national holiday and beyond the daily cap, flags stopping contact and the automated reminders,
 * and an outside agency named to the borrower before its first contact.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { CollectionsCode } from '@kilat/contract/console';
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, ledgerEntries, type Order } from '../../db/schema.js';
import { addDays, type BusinessDate, weekdayOf } from '../../lending/business-date.js';
import { INDONESIA_HOLIDAYS } from '../../lending/contact-conduct.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { cardFlow } from '../../test/card-flow.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../test/console.js';
import { makeOrder } from '../../test/factories.js';
import { seedConsoleDemo } from '../console/operators/seed.js';
import { seedFreshBorrower, seedKeysOf } from '../dev/seed/demo.js';
import { DUE_REMINDERS_JOB } from '../jobs/due-reminders.js';
import { borrowerMessages } from '../messages/table.js';
import { smsOutbox } from '../sms/outbox-table.js';
import { agencyNotices, collectionCases, collectors, orderClassifications, promisesToPay } from './tables.js';

const t = useTestApp();
const flow = cardFlow(t);
let supervisor: ConsoleSession;
type Extra = Awaited<ReturnType<typeof addOperator>>;
let collectorA: Extra;
let collectorB: Extra;
let agencyCollector: Extra;

const run = async () => {
  const response = await consoleCall(t.app, 'POST', '/collections/run', { session: supervisor });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const caseOf = async (order: Pick<Order, 'id'>) => {
  const [kase] = await t.database.db.select().from(collectionCases).where(eq(collectionCases.orderId, order.id));
  return kase!;
};
/** An overdue order `days` past its due date, of a new borrower (whose contacts nobody else's count against). */
const overdueBy = async (market: Market, days: number, city?: string) => {
  const { borrower } = await seedFreshBorrower(t.database.db, t.clock, market, seedKeysOf(t.config), OrderStatus.Overdue);
  const first = await makeOrder(t, { market, status: OrderStatus.Overdue, borrowerId: borrower.id, disbursedDaysAgo: days + 91 });
  const order =
    first.termDays === 91
      ? first
      : await makeOrder(t, { market, status: OrderStatus.Overdue, borrowerId: borrower.id, disbursedDaysAgo: days + first.termDays });
  if (city) {
    await t.database.db.execute(
      sql`INSERT INTO loan_applications (borrower_id, product_id, name, salary_minor, salary_period, employment, city)
       VALUES (${borrower.id}, ${order.productId}, 'Test', 100000, 'month', 'salaried', ${city})`,
    );
  }
  return order;
};
/** The clock at an instant, with the operators signed in again (their sessions idle out as the clock moves). */
const at = async (iso: string) => {
  t.clock.set(new Date(iso));
  supervisor = await signIn(t.app, t.clock, 'supervisor');
};
const logCall = (order: Order, kaseId: number, session = supervisor) =>
  consoleCall(t.app, 'POST', `/collections/cases/${kaseId}/contacts`, {
    session,
    body: { channel: 'call', outcome: 'no_answer', note: `order ${order.orderNo}` },
  });
/** The next date after today (Indonesia's) that is this weekday and no Indonesian holiday. */
const next = (weekday: number, after?: BusinessDate): BusinessDate => {
  let day = addDays(after ?? t.clock.today(Market.Indonesia), 1);
  const holidays = new Set(INDONESIA_HOLIDAYS.map((holiday) => holiday.date));
  while (weekdayOf(day) !== weekday || holidays.has(day)) day = addDays(day, 1);
  return day;
};

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  supervisor = await signIn(t.app, t.clock, 'supervisor');
  collectorA = await addOperator(t.database.db, t.clock, { email: 'collector-a@kilat.test', name: 'Asha Collector', role: 'agent' });
  collectorB = await addOperator(t.database.db, t.clock, { email: 'collector-b@kilat.test', name: 'Bima Collector', role: 'agent' });
  agencyCollector = await addOperator(t.database.db, t.clock, { email: 'agency@kilat.test', name: 'Agus Agency', role: 'agent' });
}, SETUP_TIMEOUT_MS);

describe('classification and allocation', () => {
  const orders: Record<string, Order> = {};

  beforeAll(async () => {
    for (const days of [30, 31, 90, 91]) {
      orders[`IN${days}`] = await overdueBy(Market.India, days);
      orders[`ID${days}`] = await overdueBy(Market.Indonesia, days);
    }
    orders.IN45 = await overdueBy(Market.India, 45);
    orders.IN50 = await overdueBy(Market.India, 50);
  }, SETUP_TIMEOUT_MS);

  it('classifies each market at the boundaries of day 30/31 and 90/91, with a history row per order', async () => {
    const inTeam = await consoleCall(t.app, 'POST', '/collections/teams', {
      session: supervisor,
      body: { market: 'IN', name: 'Pune desk', kind: 'in_house' },
    });
    expect(inTeam.statusCode, inTeam.body).toBe(200);
    for (const [who, weight, capacity] of [
      [collectorA, 2, 2],
      [collectorB, 1, 1],
    ] as const) {
      const added = await consoleCall(t.app, 'POST', '/collections/collectors', {
        session: supervisor,
        body: { operatorId: who.id, teamId: inTeam.json().data.id, weight, capacity, stageCodes: ['S3'] },
      });
      expect(added.statusCode, added.body).toBe(200);
    }
    await run();
    const expected = {
      IN30: 'sma0',
      IN31: 'sma1',
      IN90: 'sma2',
      IN91: 'npa',
      ID30: 'dalam_perhatian_khusus',
      ID31: 'kurang_lancar',
      ID90: 'diragukan',
      ID91: 'macet',
    } as const;
    for (const [key, classification] of Object.entries(expected)) {
      const kase = await caseOf(orders[key]!);
      expect({ key, days: kase.daysPastDue, classification: kase.classification }).toEqual({
        key,
        days: Number(key.slice(2)),
        classification,
      });
      const history = await t.database.db.select().from(orderClassifications).where(eq(orderClassifications.orderId, orders[key]!.id));
      expect(history.map((row) => row.classification)).toEqual([classification]);
    }
    // a second run the same day changes nothing
    await run();
    const again = await t.database.db.select().from(orderClassifications).where(eq(orderClassifications.orderId, orders.IN31!.id));
    expect(again).toHaveLength(1);
  });

  it('allocates a stage by weight (2:1) within each collector’s capacity, the most owed × days first, and leaves the rest', async () => {
    const s3 = await t.database.db
      .select()
      .from(collectionCases)
      .where(and(eq(collectionCases.market, 'IN'), eq(collectionCases.stageCode, 'S3')));
    expect(s3.length).toBeGreaterThanOrEqual(4);
    const byPriority = [...s3].sort((a, b) => b.owedMinor * b.daysPastDue - a.owedMinor * a.daysPastDue || a.id - b.id);
    const [a] = await t.database.db.select().from(collectors).where(eq(collectors.operatorId, collectorA.id));
    const [b] = await t.database.db.select().from(collectors).where(eq(collectors.operatorId, collectorB.id));
    expect(byPriority.slice(0, 3).map((kase) => kase.collectorId)).toEqual([a!.id, b!.id, a!.id]);
    expect(byPriority.slice(3).every((kase) => kase.collectorId === null)).toBe(true);
  });

  it('shows a collector only their own cases, and a supervisor every queue', async () => {
    const asA = await signIn(t.app, t.clock, collectorA);
    const mine = await consoleCall(t.app, 'GET', '/collections/cases?scope=all', { session: asA });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().data.total).toBe(2);
    const all = await consoleCall(t.app, 'GET', '/collections/cases?scope=all&market=IN', { session: supervisor });
    expect(all.json().data.total).toBeGreaterThan(2);
    const other = all.json().data.list.find((item: { collector: { name: string } | null }) => item.collector?.name === 'Bima Collector');
    const refused = await consoleCall(t.app, 'GET', `/collections/cases/${other.caseId}`, { session: asA });
    expect(refused.statusCode).toBe(403);
  });
});

describe('an outside agency', () => {
  it('is named to the borrower by SMS and in the message centre when it is first given a case, before any contact', async () => {
    const team = await consoleCall(t.app, 'POST', '/collections/teams', {
      session: supervisor,
      body: { market: 'ID', name: 'PT Tagih Santun', kind: 'agency', contact: '+62 21 555 0101, Jl. Sudirman 1, Jakarta' },
    });
    expect(team.statusCode, team.body).toBe(200);
    const order = await overdueBy(Market.Indonesia, 40);
    const added = await consoleCall(t.app, 'POST', '/collections/collectors', {
      session: supervisor,
      body: { operatorId: agencyCollector.id, teamId: team.json().data.id, weight: 1, capacity: 100, stageCodes: ['S3'] },
    });
    expect(added.statusCode, added.body).toBe(200);
    const result = await run();
    expect(result.agencyNotices).toBeGreaterThan(0);
    const kase = await caseOf(order);
    expect(kase.collectorId).toBe(added.json().data.collectorId);
    const [notice] = await t.database.db.select().from(agencyNotices).where(eq(agencyNotices.borrowerId, order.borrowerId));
    expect(notice).toBeDefined();
    const sms = await t.database.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.dedupeKey, `agency-notice:${order.borrowerId}:${team.json().data.id}`));
    expect(sms[0]!.body).toContain('PT Tagih Santun');
    expect(sms[0]!.body).toContain('+62 21 555 0101');
    const [message] = await t.database.db
      .select()
      .from(borrowerMessages)
      .where(and(eq(borrowerMessages.borrowerId, order.borrowerId), eq(borrowerMessages.kind, 'agencyNotice')));
    expect(message!.params).toMatchObject({ agency: 'PT Tagih Santun' });
  });

  it('refuses the agency’s contact with a borrower not yet told its name', async () => {
    const order = await overdueBy(Market.Indonesia, 41);
    await run();
    const kase = await caseOf(order);
    // the notice row removed as if it had never been written: the server, not the page, refuses
    await t.database.db.delete(agencyNotices).where(eq(agencyNotices.borrowerId, order.borrowerId));
    const asAgency = await signIn(t.app, t.clock, agencyCollector);
    const refused = await logCall(order, kase.id, asAgency);
    expect(refused.json()).toMatchObject({ code: CollectionsCode.ConductRefused });
    expect(refused.json().message).toMatch(/not yet been told/);
  });
});

const promiseOf = async (caseId: number) => {
  const [row] = await t.database.db.select().from(promisesToPay).where(eq(promisesToPay.caseId, caseId));
  return row!;
};
const keptInDashboard = async (market: Market) => {
  const today = t.clock.today(market);
  const response = await consoleCall(t.app, 'GET', `/collections/dashboard?market=${market}&from=${today}&to=${today}`, {
    session: supervisor,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.promises.kept as number;
};

describe('a promise to pay', () => {
  it('is kept the moment the borrower repays from their phone: the case, the queue and the dashboard say so before any run or read', async () => {
    const borrower = await flow.freshBorrower(Market.India);
    const { orderId } = flow.orderIn(borrower, OrderStatus.Overdue);
    const order = (await t.app.orders.repository.findById(Number(orderId)))!;
    await run();
    const kase = await caseOf(order);
    const today = t.clock.today('IN');
    const made = await consoleCall(t.app, 'POST', `/collections/cases/${kase.id}/promises`, {
      session: supervisor,
      body: { amountMinor: 10_000, promisedOn: addDays(today, 3) },
    });
    expect(made.statusCode, made.body).toBe(200);
    const queued = async () => {
      const response = await consoleCall(t.app, 'GET', `/collections/cases?scope=all&orderNo=${order.orderNo}`, { session: supervisor });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.list[0];
    };
    expect((await queued()).promise).toMatchObject({ status: 'open' });
    const keptBefore = await keptInDashboard(Market.India);

    // the borrower pays in full by card in the app: the payment module posts it through the ledger module
    const paying = await flow.awaitingCode(borrower, { orderId });
    const confirmed = await flow.confirm(borrower, { orderId, verifyCode: paying.code, repaymentRecordId: paying.repaymentRecordId });
    expect(confirmed.json().code, confirmed.body).toBe('00');

    expect(await promiseOf(kase.id)).toMatchObject({ status: 'kept', decidedOn: today });
    // the queue no longer shows an open promise, the collector's figures count it kept
    expect((await queued()).promise).toBeNull();
    expect(await keptInDashboard(Market.India)).toBe(keptBefore + 1);
    // the next run closes the case as repaid and leaves the promise kept
    await run();
    expect(await caseOf(order)).toMatchObject({ closeReason: 'repaid' });
    expect(await promiseOf(kase.id)).toMatchObject({ status: 'kept', decidedOn: today });
  });

  it('is kept by a repayment covering it by its date, broken without one the next day, and a broken one leads the queue', async () => {
    const kept = await overdueBy(Market.India, 10);
    const broken = await overdueBy(Market.India, 11);
    await run();
    const keptCase = await caseOf(kept);
    const brokenCase = await caseOf(broken);
    const today = t.clock.today('IN');
    for (const [kase, promisedOn] of [
      [keptCase, addDays(today, 2)],
      [brokenCase, today],
    ] as const) {
      const made = await consoleCall(t.app, 'POST', `/collections/cases/${kase.id}/promises`, {
        session: supervisor,
        body: { amountMinor: 50_000, promisedOn },
      });
      expect(made.statusCode, made.body).toBe(200);
    }
    // the borrower pays at the bank; the operator records it against its reference (the ledger module posts it)
    const paid = await consoleCall(t.app, 'POST', `/orders/${kept.id}/offline-repayments`, {
      session: supervisor,
      body: { amountMinor: 60_000, bankReference: `UTR${kept.id}X`, receivedOn: today, reason: 'NEFT to the collection account' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // kept where the repayment was posted, in its transaction: before anyone opens the case or the daily run (decision 280)
    expect(await promiseOf(keptCase.id)).toMatchObject({ status: 'kept', decidedOn: today });
    expect(await promiseOf(brokenCase.id)).toMatchObject({ status: 'open', decidedOn: null });
    const page = await consoleCall(t.app, 'GET', `/collections/cases/${keptCase.id}`, { session: supervisor });
    expect(page.json().data.promises[0]).toMatchObject({ status: 'kept', amountMinor: 50_000 });
    const still = await consoleCall(t.app, 'GET', `/collections/cases/${brokenCase.id}`, { session: supervisor });
    expect(still.json().data.promises[0]).toMatchObject({ status: 'open' });

    await at(new Date(t.clock.now().getTime() + 24 * 3600_000).toISOString());
    await run();
    const after = await consoleCall(t.app, 'GET', `/collections/cases/${brokenCase.id}`, { session: supervisor });
    expect(after.json().data.promises[0]).toMatchObject({ status: 'broken' });
    const queue = await consoleCall(t.app, 'GET', '/collections/cases?scope=all', { session: supervisor });
    expect(queue.json().data.list[0]).toMatchObject({ caseId: brokenCase.id, rank: 'broken' });
  });

  it('due today comes before the cases without one, and the due-today filter finds it (issue 52: the queue chosen before its joins)', async () => {
    const larger = await overdueBy(Market.India, 40);
    const promised = await overdueBy(Market.India, 12);
    await run();
    const promisedCase = await caseOf(promised);
    const largerCase = await caseOf(larger);
    const today = t.clock.today('IN');
    const made = await consoleCall(t.app, 'POST', `/collections/cases/${promisedCase.id}/promises`, {
      session: supervisor,
      body: { amountMinor: 40_000, promisedOn: today },
    });
    expect(made.statusCode, made.body).toBe(200);

    const queue = (await consoleCall(t.app, 'GET', '/collections/cases?scope=all&market=IN', { session: supervisor })).json().data;
    const ids = queue.list.map((item: { caseId: number }) => item.caseId);
    expect(ids).toContain(promisedCase.id);
    expect(queue.list.find((item: { caseId: number }) => item.caseId === promisedCase.id)).toMatchObject({
      rank: 'due-today',
      promise: { status: 'open', promisedOn: today },
    });
    // owed × days would put the larger case first; the promise due today goes before it
    if (ids.includes(largerCase.id)) expect(ids.indexOf(promisedCase.id)).toBeLessThan(ids.indexOf(largerCase.id));
    // the case page reads its own row by the queue's rules, not the whole queue (issue 46 §5, decision 282)
    const page = await consoleCall(t.app, 'GET', `/collections/cases/${promisedCase.id}`, { session: supervisor });
    expect(page.statusCode, page.body).toBe(200);
    const { openedOn, ...pageRow } = page.json().data.case;
    expect(openedOn).toBe(promisedCase.openedOn);
    expect(pageRow).toEqual(queue.list.find((item: { caseId: number }) => item.caseId === promisedCase.id));

    const dueToday = await consoleCall(t.app, 'GET', '/collections/cases?scope=all&promise=due-today', { session: supervisor });
    expect(dueToday.statusCode, dueToday.body).toBe(200);
    const found = dueToday.json().data;
    expect(found.list.map((item: { caseId: number }) => item.caseId)).toContain(promisedCase.id);
    expect(found.total).toBe(found.list.length);
    for (const item of found.list) expect(item).toMatchObject({ rank: 'due-today', promise: { status: 'open', promisedOn: today } });
  });
});

describe('a one-time settlement', () => {
  it('waits for a second supervisor above the share (never the maker), and paid in time waives the rest through the ledger as settled', async () => {
    const second = await addOperator(t.database.db, t.clock, { email: 'supervisor2@kilat.test', name: 'Sita Second', role: 'supervisor' });
    const checker = await signIn(t.app, t.clock, second);
    const order = await overdueBy(Market.India, 20);
    const small = await overdueBy(Market.India, 21);
    await run();
    const kase = await caseOf(order);
    const page = await consoleCall(t.app, 'GET', `/collections/cases/${kase.id}`, { session: supervisor });
    const owed = page.json().data.owedToday.totalMinor as number;
    const today = t.clock.today('IN');
    const amountMinor = Math.floor(owed / 2);
    const offered = await consoleCall(t.app, 'POST', `/collections/cases/${kase.id}/settlements`, {
      session: supervisor,
      body: { amountMinor, validUntil: addDays(today, 3), reason: 'Lost job; pays half at once' },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data.status).toBe('pending');
    const id = offered.json().data.settlementId;
    const byMaker = await consoleCall(t.app, 'POST', `/collections/settlements/${id}/approve`, { session: supervisor });
    expect(byMaker.statusCode).toBe(409);
    expect(byMaker.json().message).toMatch(/another operator/);
    const approved = await consoleCall(t.app, 'POST', `/collections/settlements/${id}/approve`, { session: checker });
    expect(approved.json().data.status).toBe('offered');

    const smallCase = await caseOf(small);
    const smallOwed = (await consoleCall(t.app, 'GET', `/collections/cases/${smallCase.id}`, { session: supervisor })).json().data.owedToday
      .totalMinor;
    const immediate = await consoleCall(t.app, 'POST', `/collections/cases/${smallCase.id}/settlements`, {
      session: supervisor,
      body: { amountMinor: smallOwed - 100, validUntil: today, reason: 'Rounding off the last rupee' },
    });
    expect(immediate.json().data.status).toBe('offered');

    const paid = await consoleCall(t.app, 'POST', `/orders/${order.id}/offline-repayments`, {
      session: supervisor,
      body: { amountMinor, bankReference: `SETTLE${order.id}`, receivedOn: today, reason: 'Settlement paid by NEFT' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // above the day's limit an offline repayment waits for a risk operator (the control matrix, decision 232)
    expect(paid.json().data.status).toBe('pending');
    const risk = await signIn(t.app, t.clock, 'risk');
    const cleared = await consoleCall(t.app, 'POST', `/offline-repayments/${paid.json().data.approvalId}/approve`, { session: risk });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const result = await run();
    expect(result.settled).toBeGreaterThanOrEqual(1);
    const [waiver] = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.orderId, order.id), eq(ledgerEntries.kind, 'settlement_waiver')));
    expect(waiver!.amountMinor).toBeGreaterThan(0);
    const state = await t.app.orders.withStatus((await t.app.orders.repository.findById(order.id))!);
    expect(state.replay.outstandingMinor).toBe(0);
    expect(state.replay.settlementWaivedMinor).toBe(waiver!.amountMinor);
    expect(state.replay.writtenOffMinor).toBe(0);
    expect(await caseOf(order)).toMatchObject({ closeReason: 'settled', closedOn: today });
    const audit = await t.database.db.select().from(auditLog).where(like(auditLog.action, 'settlement.%')).orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['settlement.request', 'settlement.approve', 'settlement.request', 'settlement.paid']);
  });
});

describe('the hours, days and cap the server enforces', () => {
  const zones: Record<string, { order: Order; caseId: number }> = {};

  beforeAll(async () => {
    for (const [name, market, city] of [
      ['IST', Market.India, undefined],
      ['WIB', Market.Indonesia, 'Bandung'],
      ['WITA', Market.Indonesia, 'Makassar'],
      ['WIT', Market.Indonesia, 'Jayapura'],
    ] as const) {
      const order = await overdueBy(market, 3, city);
      zones[name] = { order, caseId: 0 };
    }
    await run();
    for (const zone of Object.values(zones)) zone.caseId = (await caseOf(zone.order)).id;
  }, SETUP_TIMEOUT_MS);

  it('refuses before 08:00 and from the closing hour in each zone, and allows the minute after opening and before closing', async () => {
    const tuesday = next(2);
    const previous = addDays(tuesday, -1);
    // in time order: WIT opens first (08:00 WIT = 23:00 UTC the day before), IST last
    const edges: [string, string, boolean][] = [
      ['WIT', `${previous}T22:59:00Z`, false],
      ['WIT', `${previous}T23:00:00Z`, true],
      ['WITA', `${previous}T23:59:00Z`, false],
      ['WITA', `${tuesday}T00:00:00Z`, true],
      ['WIB', `${tuesday}T00:59:00Z`, false],
      ['WIB', `${tuesday}T01:00:00Z`, true],
      ['IST', `${tuesday}T02:29:00Z`, false],
      ['IST', `${tuesday}T02:30:00Z`, true],
      ['WIT', `${tuesday}T10:59:00Z`, true],
      ['WIT', `${tuesday}T11:00:00Z`, false],
      ['WITA', `${tuesday}T11:59:00Z`, true],
      ['WITA', `${tuesday}T12:00:00Z`, false],
      ['WIB', `${tuesday}T12:59:00Z`, true],
      ['WIB', `${tuesday}T13:00:00Z`, false],
      ['IST', `${tuesday}T13:29:00Z`, true],
      ['IST', `${tuesday}T13:30:00Z`, false],
    ];
    for (const [zone, instant, allowed] of edges) {
      await at(instant);
      const { order, caseId } = zones[zone]!;
      const response = await logCall(order, caseId);
      expect({ zone, instant, status: response.statusCode, code: response.json().code }).toEqual({
        zone,
        instant,
        status: allowed ? 200 : 409,
        code: allowed ? '00' : CollectionsCode.ConductRefused,
      });
      if (!allowed) expect(response.json().message).toContain(`${zone}`);
    }
    const refusals = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'collections.contact-refused'));
    expect(refusals.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses Indonesia on a Sunday (India is allowed) and on a national holiday', async () => {
    const sunday = next(0);
    await at(`${sunday}T03:00:00Z`);
    const wib = await logCall(zones.WIB!.order, zones.WIB!.caseId);
    expect(wib.json().code).toBe(CollectionsCode.ConductRefused);
    expect(wib.json().message).toMatch(/Sunday/);
    const ist = await logCall(zones.IST!.order, zones.IST!.caseId);
    expect(ist.statusCode, ist.body).toBe(200);

    const holiday = INDONESIA_HOLIDAYS.find((each) => each.date > sunday && weekdayOf(each.date) !== 0)!;
    await at(`${holiday.date}T03:00:00Z`);
    const onHoliday = await logCall(zones.WITA!.order, zones.WITA!.caseId);
    expect(onHoliday.json().code).toBe(CollectionsCode.ConductRefused);
    expect(onHoliday.json().message).toContain(holiday.name);
  });

  it('refuses a contact beyond the daily cap across all collectors, SMS included', async () => {
    const day = next(3, t.clock.today(Market.Indonesia));
    await at(`${day}T03:00:00Z`);
    const { order, caseId } = zones.WIB!;
    expect((await logCall(order, caseId)).statusCode).toBe(200);
    const sms = await consoleCall(t.app, 'POST', `/collections/cases/${caseId}/sms`, {
      session: supervisor,
      body: { template: 'reminder' },
    });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json().data.text).toContain(order.orderNo);
    expect(sms.json().data.text).toMatch(/Rp/);
    expect(sms.json().data.text).toContain(`/loanDetails?orderId=${order.id}`);
    // the borrower's language, every value filled in
    expect(sms.json().data.text).toMatch(/terlambat \d+ hari\. Tagihan hari ini: Rp/);
    expect(sms.json().data.text).not.toMatch(/[{}]/);
    expect((await logCall(order, caseId)).statusCode).toBe(200);
    const fourth = await logCall(order, caseId);
    expect(fourth.json()).toMatchObject({ code: CollectionsCode.ConductRefused });
    expect(fourth.json().message).toMatch(/most allowed in a day \(3\)/);
  });
});

describe('flags that stop contact', () => {
  it('stop a collector’s contact and the automated overdue reminder, until a supervisor lifts them', async () => {
    // a weekday morning: the reminder's window is open
    const day = next(4, t.clock.today(Market.India));
    await at(`${day}T04:00:00Z`);
    const stoppedOrder = await overdueBy(Market.India, 1);
    const otherOrder = await overdueBy(Market.India, 1);
    await run();
    const kase = await caseOf(stoppedOrder);
    const set = await consoleCall(t.app, 'POST', `/collections/cases/${kase.id}/stops`, {
      session: supervisor,
      body: { kind: 'dispute', reason: 'Borrower disputes the penalty in writing' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const refused = await logCall(stoppedOrder, kase.id);
    expect(refused.json().code).toBe(CollectionsCode.ConductRefused);
    expect(refused.json().message).toMatch(/dispute/);
    const flagged = await consoleCall(t.app, 'GET', `/collections/cases/${kase.id}`, { session: supervisor });
    expect(flagged.json().data.case).toMatchObject({ caseId: kase.id, stopped: true });

    const reminders = await t.app.jobs.runNow(DUE_REMINDERS_JOB);
    // both of the stopped borrower's overdue loans: the one seeded 5 days late catches its reminder up too (issue 48)
    expect(reminders?.result, JSON.stringify(reminders)).toMatchObject({ stopped: 2 });
    const reminded = await t.database.db.select().from(smsOutbox).where(like(smsOutbox.dedupeKey, 'reminder:%:overdue'));
    const keys = new Set(reminded.map((row) => row.dedupeKey));
    const keyOf = (order: Order) => [...keys].some((key) => key?.startsWith(`reminder:${order.id}:`));
    expect(keyOf(otherOrder)).toBe(true);
    expect(keyOf(stoppedOrder)).toBe(false);

    const lifted = await consoleCall(t.app, 'POST', `/collections/stops/${set.json().data.stopId}/lift`, {
      session: supervisor,
      body: { reason: 'Dispute resolved' },
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect((await logCall(stoppedOrder, kase.id)).statusCode).toBe(200);
    // one day overdue is "1 day", never "1 days" (issue 46), with what is owed and the late fees so far
    const sms = await consoleCall(t.app, 'POST', `/collections/cases/${kase.id}/sms`, {
      session: supervisor,
      body: { template: 'final_notice' },
    });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json().data.text).toMatch(
      new RegExp(
        `^Kilat: final notice for your loan ${stoppedOrder.orderNo}, 1 day overdue\\. Owed today: ₹[\\d,.]+, of which late fees ₹[\\d,.]+\\.`,
      ),
    );
    const audit = await t.database.db.select().from(auditLog).where(like(auditLog.action, 'collections.stop-%')).orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['collections.stop-set', 'collections.stop-lifted']);
  });
});
