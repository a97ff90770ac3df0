/**
 * One balance (issue 47 defect 6, decision 235), through the real app and database: the dashboard's
 * open book and outstanding list, the collections queue and the order page say the same of every
 * open loan of the demo data — the principal still owed and the days past due of the oldest period
 * still owing — also after a repayment through the ledger module and after its reversal.
 */
import { formatMoney, type Market, OrderStatus } from '@kilat/contract';
import type { CaseListItem, DashboardListPage, DashboardView, OrderPageView } from '@kilat/contract/console';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../../db/schema.js';
import { daysBetween } from '../../../lending/business-date.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { makeOrder } from '../../../test/factories.js';
import { postOfflineRepayment } from '../../ledger/posting.js';
import { balancesAt } from '../../ledger/replay.js';
import { ledgersOf } from '../../ledger/repository.js';
import { isReversalRefusal, postReversal, reversalPlanOf } from '../../ledger/reversals.js';
import { isValueDatedRefusal, valueDatedPlanOf } from '../../ledger/value-dated.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
let supervisor: ConsoleSession;

const get = async <T>(path: string): Promise<T> => {
  const response = await consoleCall(t.app, 'GET', path, { session: supervisor });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
};

type Listed = { orderId: number; principal: number; oldestDue: string; dpd: number; bucket: string };

/** Every row of the dashboard's outstanding list of the market, page after page. */
const outstanding = async (market: Market): Promise<Listed[]> => {
  const rows: Listed[] = [];
  let after: number | null = null;
  do {
    const page: DashboardListPage = await get<DashboardListPage>(
      `/dashboard/list?market=${market}&figure=outstanding${after === null ? '' : `&after=${after}`}`,
    );
    for (const row of page.rows) {
      rows.push({
        orderId: Number(row.values.order),
        principal: Number(row.values.principal),
        oldestDue: String(row.values.oldestDue),
        dpd: Number(row.values.dpd),
        bucket: String(row.values.bucket),
      });
    }
    after = page.next;
  } while (after !== null);
  return rows;
};

/** The order page's principal still owed and its oldest period still owing, as an operator reads them. */
const orderPage = async (orderId: number) => {
  const page = await get<OrderPageView>(`/orders/${orderId}`);
  const zero = formatMoney(0, page.order.market);
  return {
    page,
    principal: page.owedToday.principal,
    oldestDue: page.ledger.periods.find((period) => period.owed !== zero)?.dueDate ?? null,
  };
};

/** The collections queue's line of an order, if it has a case. */
const queueLine = async (orderNo: string): Promise<CaseListItem | undefined> =>
  (await get<{ list: CaseListItem[] }>(`/collections/cases?scope=all&orderNo=${orderNo}`)).list.find((item) => item.orderNo === orderNo);

/** Each open loan of the market: the dashboard's row equals the order page's, and the queue's days past due. */
const expectOneBalance = async (market: Market) => {
  const today = t.clock.today(market);
  const listed = await outstanding(market);
  expect(listed.length).toBeGreaterThan(0);
  let queued = 0;
  for (const row of listed) {
    const { page, principal, oldestDue } = await orderPage(row.orderId);
    expect({ order: page.order.orderNo, principal: formatMoney(row.principal, market), oldestDue: row.oldestDue }).toEqual({
      order: page.order.orderNo,
      principal,
      oldestDue,
    });
    expect(row.dpd).toBe(Math.max(0, daysBetween(oldestDue!, today)));
    const line = await queueLine(page.order.orderNo);
    // an overdue loan's case says the same days past due as of the daily run (today's, as the clock stands still)
    if (row.dpd > 0 && line && line.closedOn === null) {
      expect(line.daysPastDue, page.order.orderNo).toBe(row.dpd);
      queued += 1;
    }
  }
  expect(queued, 'overdue loans in the collections queue').toBeGreaterThan(0);
  // the open book's figures are the list's, bucket by bucket
  const view = await get<DashboardView>(`/dashboard?market=${market}`);
  for (const entry of view.outstanding) {
    const inBucket = listed.filter((row) => row.bucket === entry.bucket);
    expect({ bucket: entry.bucket, loans: entry.loans, principalMinor: entry.principalMinor }).toEqual({
      bucket: entry.bucket,
      loans: inBucket.length,
      principalMinor: inBucket.reduce((sum, row) => sum + row.principal, 0),
    });
  }
  return listed;
};

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  supervisor = await signIn(t.app, t.clock, 'supervisor');
  // the daily collections run opens a case for each overdue loan, days past due from the replay
  const run = await consoleCall(t.app, 'POST', '/collections/run', { session: supervisor });
  expect(run.statusCode, run.body).toBe(200);
}, SETUP_TIMEOUT_MS);

describe('one balance: the dashboard, the collections queue and the order page', () => {
  it('agree on every open loan of the demo data, and the partly paid instalment loan is current, not 35 days past due', async () => {
    for (const market of ['IN', 'ID'] as const) {
      const listed = await expectOneBalance(market);
      const partlyPaid = await t.database.db.select().from(orders).where(eq(orders.market, market));
      const instalment = partlyPaid.find((order) => order.periods > 1 && order.closedOn === null && order.disbursedAt !== null);
      expect(instalment, `an open instalment loan of ${market}`).toBeDefined();
      const row = listed.find((entry) => entry.orderId === instalment!.id);
      // its first period was paid when due: the second, not yet due, is the oldest still owing
      expect(row).toMatchObject({ dpd: 0, bucket: 'current' });
      expect(row!.principal).toBeLessThan(instalment!.principalMinor);
    }
  });

  it('agree after a repayment posted through the ledger module, and again once it is reversed', async () => {
    const order = await makeOrder(t, { market: 'ID', status: OrderStatus.Overdue });
    const row = async () => (await outstanding('ID')).find((entry) => entry.orderId === order.id);
    const before = await row();
    expect(before?.dpd).toBeGreaterThan(0);
    const db = t.database.db;
    const ledger = (await ledgersOf(db, [order.id])).get(order.id)!;
    const owed = balancesAt(order, ledger, t.clock.now(), t.clock.today('ID')).replay.outstandingMinor;
    // half of what it owes, received today: penalties, fee and interest first, then part of the principal
    const plan = await valueDatedPlanOf(db, t.clock, order, { amountMinor: Math.floor(owed / 2), receivedOn: t.clock.today('ID') });
    if (isValueDatedRefusal(plan)) throw new Error(plan.reason);
    const posted = await db.transaction((tx) =>
      postOfflineRepayment(tx, t.clock, order, plan, {
        bankReference: `ONEBAL${order.id}`,
        bankAccount: 'test',
        operatorId: 1,
        reason: 'one balance',
      }),
    );
    if (!posted.posted) throw new Error('not posted');
    const paid = await row();
    expect(paid!.principal).toBeLessThan(before!.principal);
    // the Repaid list names the bank's reference of an offline repayment
    const repaid = await get<DashboardListPage>('/dashboard/list?market=ID&figure=repaid');
    expect(repaid.rows.find((entry) => entry.values.order === order.id)?.values.reference).toBe(`ONEBAL${order.id}`);
    await expectOneBalance('ID');

    const reversal = await reversalPlanOf(db, t.clock, order, posted.entry.id);
    if (isReversalRefusal(reversal)) throw new Error(reversal.reason);
    await db.transaction((tx) => postReversal(tx, t.clock, order, reversal, { approvalId: 1, operatorId: 1, reason: 'wrong loan' }));
    expect((await row())!.principal).toBe(before!.principal);
    await expectOneBalance('ID');
  });
});
