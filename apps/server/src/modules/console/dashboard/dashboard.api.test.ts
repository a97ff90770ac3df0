/**
 * The console's dashboard (issue 31 item 4, decision 166), through the real app and database: each
 * figure of Indonesia over the first week of March 2021 — a week no demo data touches — computed from
 * orders, ledger rows (posted by the ledger module's writer), payouts, complaints, chatbot records and
 * promotion tracking seeded here; the outstanding loans as of today, measured as the change the
 * seeded loans make; the list behind a figure; its CSV (escaping, formula guard, major units, the
 * market's zone), audited; and the roles that may not see it.
 */
import { type DashboardListPage, type DashboardView, DpdBucket } from '@kilat/contract/console';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  borrowers,
  complaintDesk,
  complaintScores,
  complaints,
  dashboardDays,
  dashboardOpenBook,
  landingTemplates,
  orderPeriods,
  orders,
  payouts,
  products,
  promotionEvents,
  qaRecords,
  registrationCodes,
  registrations,
} from '../../../db/schema.js';
import { addDays } from '../../../lending/business-date.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { giveDisbursalAccount } from '../../../test/disbursal.js';
import { DASHBOARD_SUMMARY_JOB } from '../../dashboard/summary.js';
import { postLedgerEntry } from '../../ledger/repository.js';
import { slaDueAt } from '../desk/sla.js';
import { seedConsoleDemo } from '../operators/seed.js';
import { csvCell, Dashboard, majorUnits } from './dashboard.js';

const t = useTestApp();
type Role = 'agent' | 'supervisor' | 'risk' | 'admin';
const sessions = {} as Record<Role, ConsoleSession>;
const WEEK = 'market=ID&from=2021-03-01&to=2021-03-07';
const at = (iso: string) => new Date(iso);

const get = async <T>(role: Role, path: string): Promise<T> => {
  const response = await consoleCall(t.app, 'GET', path, { session: sessions[role] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as T;
};
const dashboard = (query = WEEK) => get<DashboardView>('supervisor', `/dashboard?${query}`);
const list = (query: string) => get<DashboardListPage>('supervisor', `/dashboard/list?${WEEK}&${query}`);

let before: DashboardView;
const ids = {} as Record<'a' | 'b' | 'c' | 'd' | 'closed' | 'india', number>;
let borrowerId: number;

const insertBorrower = async (market: 'IN' | 'ID', phone: string, name: string) =>
  (await t.database.db.insert(borrowers).values({ market, phone, name }).returning({ id: borrowers.id }))[0]!.id;

/** A loan's periods, each due `due` days from the market's today. */
type Period = { due: number; principal: number };

/** An approved loan of Indonesia's product (the same terms in either market), disbursed at `disbursedAt`, with its schedule. */
const insertOrder = async (
  orderNo: string,
  market: 'IN' | 'ID',
  who: number,
  periods: Period[],
  { closed = false, disbursedAt }: { closed?: boolean; disbursedAt: Date },
) => {
  const db = t.database.db;
  const today = t.clock.today('ID');
  const [product] = await db.select().from(products).where(eq(products.market, 'ID'));
  const [row] = await db
    .insert(orders)
    .values({
      orderNo,
      borrowerId: who,
      productId: product!.id,
      market,
      principalMinor: periods.reduce((sum, period) => sum + period.principal, 0),
      termDays: 91,
      periods: periods.length,
      pricing: product!.pricing,
      decision: 'approved',
      decidedAt: disbursedAt,
      disbursedAt,
      dueDate: addDays(today, periods.at(-1)!.due),
      closedOn: closed ? today : null,
      isShow: 1,
    })
    .returning({ id: orders.id });
  await db.insert(orderPeriods).values(
    periods.map((period, index) => ({
      orderId: row!.id,
      periodNo: index + 1,
      dueDate: addDays(today, period.due),
      principalMinor: period.principal,
      interestMinor: 50_000,
    })),
  );
  return row!.id;
};

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  for (const role of ['agent', 'supervisor', 'risk', 'admin'] as const) sessions[role] = await signIn(t.app, t.clock, role);
  before = await dashboard();
  const db = t.database.db;
  // a name a spreadsheet would run as a formula, with a quote and a comma
  borrowerId = await insertBorrower('ID', '+6281299900001', '=HYPERLINK("x"),Budi');
  const indiaBorrower = await insertBorrower('IN', '+919999900001', 'Asha');
  const order = (orderNo: string, market: 'IN' | 'ID', who: number, periods: Period[], closed = false) =>
    insertOrder(orderNo, market, who, periods, { closed, disbursedAt: at('2021-02-27T00:00:00Z') });
  ids.a = await order('DASH-A', 'ID', borrowerId, [{ due: -10, principal: 1_000_000 }]);
  ids.b = await order('DASH-B', 'ID', borrowerId, [
    { due: -40, principal: 1_000_000 },
    { due: 20, principal: 1_000_000 },
  ]);
  ids.c = await order('DASH-C', 'ID', borrowerId, [{ due: 5, principal: 500_000 }]);
  ids.d = await order('DASH-D', 'ID', borrowerId, [{ due: -100, principal: 100_000 }]);
  ids.closed = await order('DASH-E', 'ID', borrowerId, [{ due: -50, principal: 100_000 }], true);
  ids.india = await order('DASH-IN', 'IN', indiaBorrower, [{ due: -5, principal: 900_000 }]);

  const post = (
    orderId: number,
    kind: Parameters<typeof postLedgerEntry>[1]['kind'],
    amountMinor: number,
    businessDate: string,
    meta = {},
  ) => postLedgerEntry(db, { orderId, kind, amountMinor, businessDate, idempotencyKey: `dash:${orderId}:${kind}:${businessDate}`, meta });
  await post(ids.a, 'disbursement', 1_000_000, '2021-03-01', { utr: 'UTR-A' });
  await post(ids.b, 'disbursement', 2_000_000, '2021-03-02', { utr: 'UTR-B' });
  await post(ids.c, 'disbursement', 500_000, '2021-02-28'); // the day before the week
  await post(ids.d, 'disbursement', 100_000, '2021-02-27'); // before the week too: a loan is in the open book once posted
  await post(ids.india, 'disbursement', 900_000, '2021-03-01'); // another market
  await post(ids.a, 'repayment', 300_000, '2021-03-03', {
    paymentId: 'PAY-A',
    lines: [
      { periodNo: 1, component: 'interest', amountMinor: 50_000 },
      { periodNo: 1, component: 'principal', amountMinor: 250_000 },
    ],
  });
  await post(ids.a, 'penalty', 5_000, '2021-03-04');
  await post(ids.a, 'penalty', 7_000, '2021-03-05');
  await post(ids.a, 'penalty_waiver', 4_000, '2021-03-06');

  // payouts: one failed on 2 March, one landed on 3 March and came back on 4 March (the database's triggers record each state)
  const account = await giveDisbursalAccount(t, borrowerId, '4321');
  const payout = (orderId: number, status: 'failed' | 'processed', createdAt: string) => ({
    publicId: `dash-${orderId}`,
    orderId,
    borrowerId,
    disbursalAccountId: account,
    market: 'ID' as const,
    gateway: 'sandbox',
    attempt: 1,
    amountMinor: 1_000_000,
    idempotencyKey: `dash-${orderId}`,
    status,
    failureCode: status === 'failed' ? 'ACCOUNT_CLOSED' : null,
    failureReason: status === 'failed' ? 'The account is closed' : null,
    createdAt: at(createdAt),
    updatedAt: at(createdAt),
  });
  await db.insert(payouts).values(payout(ids.a, 'failed', '2021-03-02T05:00:00Z'));
  const [landed] = await db
    .insert(payouts)
    .values(payout(ids.b, 'processed', '2021-03-03T05:00:00Z'))
    .returning({ id: payouts.id });
  await db
    .update(payouts)
    .set({ status: 'reversed', updatedAt: at('2021-03-04T10:00:00Z') })
    .where(eq(payouts.id, landed!.id));

  // complaints (Jakarta is UTC+7; 1 March 2021 was a Monday): met, missed, overdue, met by closing, met from a Saturday; one the day after the week
  const complaint = async (createdAt: string, repliedAt: string | null, score: number | null, closedAt: string | null = null) => {
    const [row] = await db
      .insert(complaints)
      .values({
        borrowerId,
        orderId: ids.a,
        problemType: 1,
        detail: 'dashboard',
        createdAt: at(createdAt),
        repliedAt: repliedAt ? at(repliedAt) : null,
      })
      .returning({ id: complaints.id });
    if (score !== null) await db.insert(complaintScores).values({ complaintId: row!.id, score });
    if (closedAt) await db.insert(complaintDesk).values({ complaintId: row!.id, closedAt: at(closedAt) });
  };
  await complaint('2021-03-01T03:00:00Z', '2021-03-03T00:00:00Z', 4); // Monday: due Thursday, met
  await complaint('2021-03-03T03:00:00Z', '2021-03-09T00:00:00Z', 2); // Wednesday: due next Monday, missed
  await complaint('2021-03-05T03:00:00Z', null, null); // Friday: due Wednesday, never answered
  await complaint('2021-03-06T03:00:00Z', '2021-03-10T02:00:00Z', null); // Saturday: due Wednesday 10:00 WIB, met
  await complaint('2021-03-06T18:00:00Z', null, null, '2021-03-09T00:00:00Z'); // Sunday 01:00 WIB: closed on Tuesday, met
  await complaint('2021-03-07T18:00:00Z', null, null); // Monday 8 March 01:00 WIB: after the week

  // the chatbot: two resolved, one not, one hand-over, a rating (not feedback), one before the week
  const record = (type: number, value: string, createdAt: string) => ({ borrowerId, type, value, createdAt: at(createdAt) });
  await db
    .insert(qaRecords)
    .values([
      record(2, '1', '2021-03-02T01:00:00Z'),
      record(2, '1', '2021-03-03T01:00:00Z'),
      record(2, '2', '2021-03-03T02:00:00Z'),
      record(1, '', '2021-03-04T01:00:00Z'),
      record(3, '5', '2021-03-04T02:00:00Z'),
      record(2, '1', '2021-02-28T10:00:00Z'),
    ]);

  // the funnel: Indonesia's landing page (and India's, not counted), visits, clicks with phones, codes sent, a registration
  await db.insert(landingTemplates).values(
    (['ID', 'IN'] as const).map((market) => ({
      id: `dash-${market}`,
      market,
      channel: 'fb',
      title: 'Dashboard',
      backgroundColor: '#fff',
      textColor: '#000',
      buttonColor: '#00f',
      buttonText: 'Go',
    })),
  );
  const event = (kind: 'visit' | 'click', page: string, userFrom: string, utmTag: string, createdAt: string, phone = '') => ({
    kind,
    pageId: page,
    pageType: '1',
    userFrom,
    utmTag,
    phone,
    createdAt: at(createdAt),
  });
  await db
    .insert(promotionEvents)
    .values([
      event('visit', 'dash-ID', 'fb', 'spring', '2021-03-02T01:00:00Z'),
      event('visit', 'dash-ID', 'fb', 'spring', '2021-03-02T02:00:00Z'),
      event('visit', 'dash-ID', 'fb', 'spring', '2021-03-02T03:00:00Z'),
      event('visit', 'dash-ID', 'tt', '', '2021-03-02T04:00:00Z'),
      event('visit', 'dash-IN', 'fb', 'spring', '2021-03-02T05:00:00Z'),
      event('click', 'dash-ID', 'fb', 'spring', '2021-03-02T01:01:00Z', '+6281299900011'),
      event('click', 'dash-ID', 'fb', 'spring', '2021-03-02T02:01:00Z', '+6281299900012'),
      event('click', 'dash-ID', 'tt', '', '2021-03-02T04:01:00Z', '+6281299900013'),
    ]);
  const code = (phone: string, createdAt: string) => ({
    market: 'ID' as const,
    phone,
    ip: '203.0.113.9',
    codeHash: 'x',
    expiresAt: at(createdAt),
    createdAt: at(createdAt),
  });
  await db
    .insert(registrationCodes)
    .values([
      code('+6281299900011', '2021-03-02T01:02:00Z'),
      code('+6281299900012', '2021-03-02T02:02:00Z'),
      code('+6281299900014', '2021-03-02T06:00:00Z'),
    ]);
  const registered = await insertBorrower('ID', '+6281299900011', 'Sari');
  await db
    .insert(registrations)
    .values({ borrowerId: registered, userFrom: 'fb', utmTag: 'spring', createdAt: at('2021-03-02T01:03:00Z') });
}, SETUP_TIMEOUT_MS);

describe('the figures', () => {
  it('adds up disbursed, repaid, penalties accrued and waived per business date, and payouts failed and reversed, of the market and the range only', async () => {
    const view = await dashboard();
    expect(before.totals.disbursed).toEqual({ count: 0, minor: 0 });
    expect(view).toMatchObject({ market: 'ID', currency: 'IDR', from: '2021-03-01', to: '2021-03-07' });
    expect(view.days.map((day) => day.day)).toEqual(['01', '02', '03', '04', '05', '06', '07'].map((d) => `2021-03-${d}`));
    expect(view.totals).toEqual({
      disbursed: { count: 2, minor: 3_000_000 },
      repaid: { count: 1, minor: 300_000 },
      penaltiesAccrued: { count: 2, minor: 12_000 },
      penaltiesWaived: { count: 1, minor: 4_000 },
      payoutsFailed: { count: 1, minor: 1_000_000 },
      payoutsReversed: { count: 1, minor: 1_000_000 },
    });
    const day = (date: string) => view.days.find((entry) => entry.day === date)!;
    expect(day('2021-03-01')).toMatchObject({ disbursedMinor: 1_000_000, repaidMinor: 0 });
    expect(day('2021-03-02')).toMatchObject({ disbursedMinor: 2_000_000, payoutsFailed: 1 });
    expect(day('2021-03-03')).toMatchObject({ repaidMinor: 300_000, payoutsReversed: 0 });
    // 10:00 UTC is 17:00 in Jakarta: still 4 March
    expect(day('2021-03-04')).toMatchObject({ penaltiesAccruedMinor: 5_000, payoutsReversed: 1 });
    expect(day('2021-03-06')).toMatchObject({ penaltiesWaivedMinor: 4_000 });
  });

  it('buckets the open loans by days past due with the principal not yet repaid', async () => {
    const view = await dashboard();
    const change = Object.fromEntries(
      view.outstanding.map((entry, index) => [
        entry.bucket,
        {
          loans: entry.loans - before.outstanding[index]!.loans,
          principalMinor: entry.principalMinor - before.outstanding[index]!.principalMinor,
        },
      ]),
    );
    expect(change).toEqual({
      current: { loans: 1, principalMinor: 500_000 },
      // the replay's allocation of A's 300,000 (interest earned to its day first), not the lines its row was posted with
      '1-30': { loans: 1, principalMinor: 703_200 },
      '31-90': { loans: 1, principalMinor: 2_000_000 },
      '91+': { loans: 1, principalMinor: 100_000 },
    });
  });

  it('measures complaints against the 3-weekday reply in the market’s zone, with the average rating', async () => {
    expect((await dashboard()).complaints).toEqual({
      met: 3,
      missed: 1,
      overdue: 1,
      pending: 0,
      total: 5,
      compliancePercent: 60,
      ratings: 2,
      averageRating: 3,
    });
    // the SQL deadline is the desk's own clock, whatever the day of the week
    const listed = await list('figure=complaints');
    expect(listed.rows).toHaveLength(5);
    for (const row of listed.rows) {
      expect(row.values.dueAt).toBe(slaDueAt(new Date(String(row.values.createdAt)), 'ID').toISOString());
    }
    expect((await list('figure=complaints&part=missed')).rows.map((row) => row.values.rating)).toEqual([2]);
  });

  it('counts the chatbot’s feedback, resolved and not, and hand-overs to support', async () => {
    expect((await dashboard()).chatbot).toEqual({ resolved: 2, unresolved: 1, handedOver: 1 });
    expect((await list('figure=chatbot&part=resolved')).rows).toHaveLength(2);
  });

  it('follows the registration funnel by channel and utm_tag; a code sent counts for its phone’s last click', async () => {
    expect((await dashboard()).funnel).toEqual([
      { channel: 'fb', utmTag: 'spring', visit: 3, click: 2, sms: 2, register: 1 },
      { channel: 'tt', utmTag: '', visit: 1, click: 1, sms: 0, register: 0 },
      { channel: '', utmTag: '', visit: 0, click: 0, sms: 1, register: 0 },
    ]);
    const sms = await list('figure=funnel&part=sms&channel=fb&utmTag=spring');
    expect(sms.rows.map((row) => row.values.phone)).toEqual(['••••0012', '••••0011']);
  });

  it('refuses a range backwards or longer than a year, and a part the figure has not', async () => {
    for (const path of [
      '/dashboard?market=ID&from=2021-03-07&to=2021-03-01',
      '/dashboard?market=ID&from=2020-01-01&to=2021-03-01',
      `/dashboard/list?${WEEK}&figure=disbursed&part=met`,
      '/dashboard?from=2021-03-01',
    ]) {
      const response = await consoleCall(t.app, 'GET', path, { session: sessions.supervisor });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().message).toMatch(/^Invalid request: /);
    }
  });
});

describe('the lists behind the figures', () => {
  it('lists the rows a figure adds up, newest first, with the order and borrower to open', async () => {
    const disbursed = await list('figure=disbursed');
    expect(disbursed.rows.map((row) => [row.values.order, row.values.orderNo, row.values.amount, row.values.reference])).toEqual([
      [ids.b, 'DASH-B', 2_000_000, 'UTR-B'],
      [ids.a, 'DASH-A', 1_000_000, 'UTR-A'],
    ]);
    expect(disbursed.next).toBeNull();
    const overdue = await list('figure=outstanding&part=31-90');
    const b = overdue.rows.find((row) => row.values.order === ids.b)!;
    expect(b.values).toMatchObject({ principal: 2_000_000, dpd: 40, bucket: '31-90', borrower: borrowerId });
    expect(overdue.rows.every((row) => row.values.bucket === '31-90')).toBe(true);
  });

  it('pages by a cursor', async () => {
    const visits = await list('figure=funnel&part=visit');
    expect(visits.rows).toHaveLength(4);
    const after = await list(`figure=funnel&part=visit&after=${visits.rows[1]!.id}`);
    expect(after.rows.map((row) => row.id)).toEqual(visits.rows.slice(2).map((row) => row.id));
  });
});

describe('the outstanding list, worked out a window of orders at a time (decision 175)', () => {
  it('lists each bucket and the whole book alike with windows of two orders, a page of one row at a time, as read at once; as many loans as the figures count', async () => {
    // loans at each bucket's edges, each disbursed at 23:30 in Jakarta the day before its first period falls due:
    // one period or two, one with its principal partly repaid
    const today = t.clock.today('ID');
    const edge = async (orderNo: string, periods: Period[]) => {
      const disbursedAt = new Date(`${addDays(today, periods[0]!.due - 1)}T23:30:00+07:00`);
      return insertOrder(orderNo, 'ID', borrowerId, periods, { disbursedAt });
    };
    for (const due of [0, -1, -30, -31, -90, -91]) {
      await edge(`EDGE${due}`, [{ due, principal: 10_000 }]);
      await edge(`EDGE${due}-TWO`, [
        { due, principal: 10_000 },
        { due: due + 30, principal: 10_000 },
      ]);
    }
    const repaid = await edge('EDGE-REPAID', [{ due: -31, principal: 10_000 }]);
    await postLedgerEntry(t.database.db, {
      orderId: repaid,
      kind: 'repayment',
      amountMinor: 4_000,
      businessDate: addDays(today, -40),
      idempotencyKey: `edge:${repaid}`,
      meta: { lines: [{ periodNo: 1, component: 'principal', amountMinor: 4_000 }] },
    });
    const windowed = new Dashboard(t.database.db, t.clock, 2);
    const whole = new Dashboard(t.database.db, t.clock, 1_000_000);
    const range = whole.range({ market: 'ID' });
    const view = await dashboard('market=ID');
    const rowsOf = async (desk: Dashboard, part: DpdBucket | undefined, pageSize: number) => {
      const rows: DashboardListPage['rows'] = [];
      let after: number | undefined;
      do {
        const page = await desk.list({ market: 'ID', figure: 'outstanding', part, after }, range, pageSize);
        rows.push(...page.rows);
        after = page.next ?? undefined;
      } while (after !== undefined);
      return rows;
    };
    for (const part of [...DpdBucket, undefined]) {
      const all = await rowsOf(whole, part, 1_000);
      expect(await rowsOf(windowed, part, 1)).toEqual(all);
      const counted = view.outstanding.filter((entry) => part === undefined || entry.bucket === part);
      expect(all, part).toHaveLength(counted.reduce((sum, entry) => sum + entry.loans, 0));
      expect(all.reduce((sum, row) => sum + Number(row.values.principal), 0)).toBe(
        counted.reduce((sum, entry) => sum + entry.principalMinor, 0),
      );
    }
  });
});

describe('CSV', () => {
  it('escapes quotes, commas and line breaks, and keeps a formula as text', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    for (const formula of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx']) expect(csvCell(formula)).toBe(`'${formula}`);
    expect(majorUnits(123_456)).toBe('1234.56');
    expect(majorUnits(5)).toBe('0.05');
  });

  it('exports the whole list: money in major units with the currency, times in the market’s zone, audited', async () => {
    const response = await consoleCall(t.app, 'GET', `/dashboard/export?${WEEK}&figure=disbursed`, { session: sessions.admin });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe('attachment; filename="kilat-disbursed-ID-2021-03-01-2021-03-07.csv"');
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toEqual([
      'Business date,Order number,Borrower id,Borrower name,Amount (IDR),Reference',
      `2021-03-02,DASH-B,${borrowerId},"'=HYPERLINK(""x""),Budi",20000.00,UTR-B`,
      `2021-03-01,DASH-A,${borrowerId},"'=HYPERLINK(""x""),Budi",10000.00,UTR-A`,
    ]);
    const failed = await consoleCall(t.app, 'GET', `/dashboard/export?${WEEK}&figure=payoutsFailed`, { session: sessions.admin });
    const [header, row] = failed.body.replace(/^\ufeff/, '').split('\r\n');
    expect(header).toBe("Failed at (WIB),Order number,Borrower id,Borrower name,Amount (IDR),Attempt,Gateway,Gateway's reason");
    expect(row).toBe(
      `2021-03-02 12:00:00,DASH-A,${borrowerId},"'=HYPERLINK(""x""),Budi",10000.00,1,sandbox,ACCOUNT_CLOSED The account is closed`,
    );
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'dashboard.export'), eq(auditLog.targetId, 'disbursed')));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({
      operatorId: sessions.admin.operatorId,
      targetType: 'dashboard',
      after: { market: 'ID', from: '2021-03-01', to: '2021-03-07', part: null, channel: null, utmTag: null },
    });
  });
});

describe('who sees it', () => {
  it('supervisors, risk and admins; an agent is refused the figures, the lists and the CSV, and nothing is audited', async () => {
    for (const role of ['supervisor', 'risk', 'admin'] as const) await get(role, `/dashboard?${WEEK}`);
    for (const path of [`/dashboard?${WEEK}`, `/dashboard/list?${WEEK}&figure=repaid`, `/dashboard/export?${WEEK}&figure=repaid`]) {
      const response = await consoleCall(t.app, 'GET', path, { session: sessions.agent });
      expect(response.statusCode, path).toBe(403);
      expect(response.json().code).toBe('40302');
    }
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, 'repaid'))).toHaveLength(0);
    expect((await consoleCall(t.app, 'GET', `/dashboard?${WEEK}`)).statusCode).toBe(401);
  });
});

describe('the kept figures (the dashboard-summary job, decision 166)', () => {
  const withoutAsOf = ({ outstandingAsOf: _asOf, ...view }: DashboardView) => view;
  const keptDays = async () =>
    (await t.database.db.select().from(dashboardDays).orderBy(dashboardDays.market, dashboardDays.businessDate)).map(
      ({ summarisedAt: _at, ledgerThrough: _ledger, payoutChangesThrough: _payouts, ...figures }) => figures,
    );
  const keptDay = async (market: 'IN' | 'ID', day: string) =>
    (
      await t.database.db
        .select()
        .from(dashboardDays)
        .where(and(eq(dashboardDays.market, market), eq(dashboardDays.businessDate, day)))
    )[0];

  it('answers the same figures from the kept days and open book as from the ledger, and a second run changes nothing', async () => {
    const today = t.clock.today('ID');
    const year = `market=ID&from=${addDays(today, -364)}&to=${today}`;
    const [week, lastMonth, lastYear] = [await dashboard(), await dashboard('market=ID'), await dashboard(year)];
    expect(await keptDay('ID', '2021-03-01')).toBeUndefined();

    const run = await t.app.jobs.runNow(DASHBOARD_SUMMARY_JOB);
    expect(run?.result).toMatchObject({ ID: { openLoans: expect.any(Number) }, IN: { openLoans: expect.any(Number) } });
    // the seeded week is kept, today is not (it is not closed)
    expect(await keptDay('ID', '2021-03-01')).toMatchObject({ disbursedCount: 1, disbursedMinor: 1_000_000, repaidCount: 0 });
    expect(await keptDay('ID', '2021-03-04')).toMatchObject({ penaltiesAccruedMinor: 5_000, payoutsReversedCount: 1 });
    expect(await keptDay('ID', today)).toBeUndefined();
    const [book] = await t.database.db.select().from(dashboardOpenBook).where(eq(dashboardOpenBook.market, 'ID'));
    expect(book).toMatchObject({ businessDate: today, asOf: t.clock.now() });

    const after = await dashboard();
    expect(withoutAsOf(after)).toEqual(withoutAsOf(week));
    expect(after.outstandingAsOf).toBe(t.clock.now().toISOString());
    expect(withoutAsOf(await dashboard('market=ID'))).toEqual(withoutAsOf(lastMonth));
    expect(withoutAsOf(await dashboard(year))).toEqual(withoutAsOf(lastYear));

    const kept = await keptDays();
    await t.app.jobs.runNow(DASHBOARD_SUMMARY_JOB);
    expect(await keptDays()).toEqual(kept);
    expect(withoutAsOf(await dashboard())).toEqual(withoutAsOf(week));
  });

  it("reads a past day from the kept figures, today's from the ledger, and a past day posted to after its summary from the ledger until the next run", async () => {
    await t.app.jobs.runNow(DASHBOARD_SUMMARY_JOB);
    const db = t.database.db;
    // a kept day is what the dashboard answers for that day: changed here by hand, the answer follows it
    await db
      .update(dashboardDays)
      .set({ repaidCount: 2, repaidMinor: 301_000 })
      .where(and(eq(dashboardDays.market, 'ID'), eq(dashboardDays.businessDate, '2021-03-03')));
    const fromKept = await dashboard();
    expect(fromKept.totals.repaid).toEqual({ count: 2, minor: 301_000 });
    expect(fromKept.days.find((day) => day.day === '2021-03-03')!.repaidMinor).toBe(301_000);
    await t.app.jobs.runNow(DASHBOARD_SUMMARY_JOB); // not a day the run summarises again: the hand-made figure stays
    expect((await dashboard()).totals.repaid).toEqual({ count: 2, minor: 301_000 });
    await db
      .update(dashboardDays)
      .set({ repaidCount: 1, repaidMinor: 300_000 })
      .where(and(eq(dashboardDays.market, 'ID'), eq(dashboardDays.businessDate, '2021-03-03')));

    // today's posting shows at once, without a run
    const today = t.clock.today('ID');
    const range = `market=ID&from=${addDays(today, -6)}&to=${today}`;
    const beforeToday = await dashboard(range);
    await postLedgerEntry(db, { orderId: ids.c, kind: 'penalty', amountMinor: 2_500, businessDate: today, idempotencyKey: 'dash:today' });
    const withToday = await dashboard(range);
    expect(withToday.totals.penaltiesAccrued.minor - beforeToday.totals.penaltiesAccrued.minor).toBe(2_500);
    expect(withToday.days.at(-1)).toMatchObject({
      day: today,
      penaltiesAccruedMinor: beforeToday.days.at(-1)!.penaltiesAccruedMinor + 2_500,
    });

    // a posting dated a kept day (a penalty accrual catching up) is read live from the ledger until the next run keeps it
    await postLedgerEntry(db, {
      orderId: ids.a,
      kind: 'penalty',
      amountMinor: 1_000,
      businessDate: '2021-03-05',
      idempotencyKey: 'dash:late',
    });
    expect((await keptDay('ID', '2021-03-05'))!.penaltiesAccruedMinor).toBe(7_000);
    const late = await dashboard();
    expect(late.totals.penaltiesAccrued).toEqual({ count: 3, minor: 13_000 });
    expect(late.days.find((day) => day.day === '2021-03-05')!.penaltiesAccruedMinor).toBe(8_000);
    await t.app.jobs.runNow(DASHBOARD_SUMMARY_JOB);
    expect(await keptDay('ID', '2021-03-05')).toMatchObject({ penaltiesAccruedCount: 2, penaltiesAccruedMinor: 8_000 });
    expect(withoutAsOf(await dashboard())).toEqual(withoutAsOf(late));
  });
});
