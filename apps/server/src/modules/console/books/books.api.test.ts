/**
 * The books and bank statement reconciliation (issue 47, decisions 260–262) on a real database
 * through real HTTP: the daily journal balances and ties to the replay, the registers, provisioning
 * at configurable rates, TKB90, every CSV audited; a statement's credits matched to offline
 * repayments and to a gateway's day, the rest queued and resolved with a note.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/database.js';
import { auditLog, type Order, payments } from '../../../db/schema.js';
import { addDays } from '../../../lending/business-date.js';
import { SETUP_TIMEOUT_MS, testConfig, useTestApp } from '../../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { makeOrder } from '../../../test/factories.js';
import { postPayment } from '../../ledger/posting.js';
import { SANDBOX_GATEWAY } from '../../payments/gateways/sandbox/sandbox-gateway.js';
import { seedConsoleDemo } from '../operators/seed.js';

const base = testConfig();
const t = useTestApp({ config: { console: { ...base.console, collectionAccounts: { IN: ['MAIN', 'HDFC-2'], ID: ['MAIN'] } } } });
const sessions = {} as Record<'supervisor' | 'risk' | 'admin' | 'agent', ConsoleSession>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  for (const role of ['supervisor', 'risk', 'admin', 'agent'] as const) sessions[role] = await signIn(t.app, t.clock, role);
}, SETUP_TIMEOUT_MS);

const get = (path: string, session = sessions.risk) => consoleCall(t.app, 'GET', path, { session });
const today = (market: Market = Market.India) => t.clock.today(market);
const recordOffline = (order: Order, amountMinor: number, bankReference: string) =>
  consoleCall(t.app, 'POST', `/orders/${order.id}/offline-repayments`, {
    session: sessions.supervisor,
    body: { amountMinor, bankReference, receivedOn: today(), reason: 'NEFT on the statement' },
  });
const audited = (action: string) => t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

/** A card repayment through the sandbox gateway, posted by the ledger module as a paid payment is. */
const payByGateway = async (order: Order, amountMinor: number, publicId: string) =>
  t.database.db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        publicId,
        borrowerId: order.borrowerId,
        orderId: order.id,
        market: order.market,
        purpose: 'repay',
        method: 'card',
        amountMinor,
        status: 'paid',
        gateway: SANDBOX_GATEWAY,
        gatewayRef: `pay_${publicId}`,
        paidAt: t.clock.now(),
      })
      .returning();
    await postPayment(tx, t.clock, payment!, order);
  });

const hdfcStatement = (rows: string[][]) =>
  [
    'HDFC BANK Ltd.,,,,,,',
    'Statement of account,,,,,,',
    'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
    ...rows.map((row) => row.map((cell) => (cell.includes(',') ? `"${cell}"` : cell)).join(',')),
  ].join('\r\n');
const dmy = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(2, 4)}`;

describe('the daily journal', () => {
  it('balances every day, books an offline repayment to the bank, and its receivable is what the replay says is owed', async () => {
    const overdue = await makeOrder(t, { status: OrderStatus.Overdue });
    await makeOrder(t, { status: OrderStatus.DueSoon });
    await makeOrder(t, { status: OrderStatus.Settled });
    expect((await recordOffline(overdue, 25_000, 'NEFT-BOOKS-1')).statusCode).toBe(200);

    const from = addDays(today(), -120);
    const answer = await get(`/books/journal?market=IN&from=${from}&to=${today()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const journal = answer.json().data;
    expect(journal.days.length).toBeGreaterThan(3);
    for (const day of journal.days) {
      expect(day.balanced).toBe(true);
      expect(day.debitMinor).toBe(day.creditMinor);
    }
    expect(journal.receivableMinor).toBeGreaterThan(0);
    expect(journal.receivableMinor).toBe(journal.owedByReplayMinor);
    const lastDay = journal.days.find((day: { businessDate: string }) => day.businessDate === today());
    expect(lastDay.lines).toContainEqual(expect.objectContaining({ account: '1000', debitMinor: 25_000 }));
    // the day's penalties were charged before the repayment (posted with it): receivable moved by them less the money
    const net = (account: string) => {
      const line = lastDay.lines.find((entry: { account: string }) => entry.account === account);
      return line ? line.debitMinor - line.creditMinor : 0;
    };
    expect(net('1100')).toBe(-net('4200') - 25_000);
  });

  it('exports the journal as CSV whose debits equal its credits, and keeps the export in the audit log', async () => {
    const from = addDays(today(), -120);
    const before = (await audited('books.export')).length;
    const answer = await get(`/books/export?report=journal&market=IN&from=${from}&to=${today()}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = answer.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe('Business date,Order number,Account,Account name,Debit,Credit');
    const cents = (text: string) => (text ? Math.round(Number(text) * 100) : 0);
    const cells = lines.map((line) => line.split(','));
    expect(cells.reduce((total, row) => total + cents(row[4]!), 0)).toBe(cells.reduce((total, row) => total + cents(row[5]!), 0));
    const rows = await audited('books.export');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ targetId: 'journal', operatorId: expect.any(Number) });
  });

  it('refuses a range that ends before it starts, and an agent', async () => {
    const wrong = await get(`/books/journal?market=IN&from=${today()}&to=${addDays(today(), -3)}`);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The range ends before it starts.');
    expect((await get(`/books/journal?market=IN&from=${today()}&to=${today()}`, sessions.agent)).statusCode).toBe(403);
  });
});

describe('registers, provisioning and TKB90', () => {
  it('lists offline repayments in the collection register as received on the bank with their reference, and payouts in the disbursement register', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    expect((await recordOffline(order, 12_300, 'NEFT-REG-7')).statusCode).toBe(200);
    const collections = (await get(`/books/register?market=IN&kind=collections&from=${today()}&to=${today()}`)).json().data;
    expect(collections.rows).toContainEqual(
      expect.objectContaining({ orderNo: order.orderNo, amountMinor: 12_300, channel: 'bank', reference: 'NEFT-REG-7', reversed: false }),
    );
    const from = addDays(today(), -200);
    const payouts = (await get(`/books/register?market=IN&kind=disbursements&from=${from}&to=${today()}`)).json().data;
    expect(payouts.rows).toContainEqual(
      expect.objectContaining({ orderNo: order.orderNo, kind: 'disbursement', channel: SANDBOX_GATEWAY }),
    );
    const csv = await get(`/books/export?report=collections&market=IN&from=${today()}&to=${today()}`);
    expect(csv.body).toContain(`${order.orderNo},`);
    expect(csv.body).toContain(',123.00,bank,NEFT-REG-7,no');
  });

  it('provisions what is owed by days-past-due bucket at the rate an admin sets, with the change audited and refused to others', async () => {
    await makeOrder(t, { status: OrderStatus.Overdue });
    const before = (await get('/books/provisioning?market=IN')).json().data;
    const overdueBucket = before.buckets.find(
      (bucket: { bucket: string; loans: number }) => bucket.bucket !== 'current' && bucket.loans > 0,
    );
    expect(overdueBucket).toBeDefined();
    const change = { market: 'IN', bucket: overdueBucket.bucket, rateBps: 3_300, reason: 'Auditor asked for a third' };
    expect((await consoleCall(t.app, 'PUT', '/books/provisioning', { session: sessions.risk, body: change })).statusCode).toBe(403);
    const changed = await consoleCall(t.app, 'PUT', '/books/provisioning', { session: sessions.admin, body: change });
    expect(changed.statusCode, changed.body).toBe(200);
    const row = changed.json().data.buckets.find((bucket: { bucket: string }) => bucket.bucket === overdueBucket.bucket);
    expect(row.rateBps).toBe(3_300);
    expect(row.provisionMinor).toBe(Math.ceil((row.owedMinor * 3_300) / 10_000));
    expect(changed.json().data.owedMinor).toBe(before.owedMinor);
    const [audit] = await audited('books.provisioning-change');
    expect(audit).toMatchObject({ targetId: `IN:${overdueBucket.bucket}`, after: { rateBps: 3_300, reason: change.reason } });
  });

  it("counts a loan more than 90 days past due at a month's end against Indonesia's TKB90", async () => {
    await makeOrder(t, { market: Market.Indonesia, status: OrderStatus.Overdue, disbursedDaysAgo: 200 });
    await makeOrder(t, { market: Market.Indonesia, status: OrderStatus.DueSoon });
    const months = (await get('/books/tkb90?months=3')).json().data;
    expect(months).toHaveLength(3);
    const last = months[0];
    expect(last.over90Minor).toBeGreaterThan(0);
    expect(last.outstandingMinor).toBeGreaterThan(last.over90Minor);
    expect(last.tkb90Bps).toBe(10_000 - Math.ceil((last.over90Minor * 10_000) / last.outstandingMinor));
    expect(last.tkb90).toMatch(/^\d+\.\d{2}%$/);

    // published on the official site without signing in, for Indonesia only
    const published = await t.app.inject({ method: 'GET', url: '/api/site/tkb90' });
    expect(published.statusCode).toBe(200);
    expect(published.json().data).toEqual({ month: last.month, asOf: last.asOf, tkb90Bps: last.tkb90Bps });
    expect((await t.app.inject({ method: 'GET', url: '/api/site/tkb90?market=IN' })).statusCode).toBe(404);
  });
});

describe('bank statement reconciliation', () => {
  const upload = (csv: string, extra: Record<string, unknown> = {}, session = sessions.supervisor) =>
    consoleCall(t.app, 'POST', '/books/statements', {
      session,
      body: { market: 'IN', format: 'hdfc', fileName: 'hdfc-dec.csv', csv, ...extra },
    });

  it('matches a credit to the offline repayment recorded on its reference and amount, queues the rest, and reads a credit once however often it is uploaded', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    expect((await recordOffline(order, 150_000, 'UTR881122')).statusCode).toBe(200);
    const csv = hdfcStatement([
      [dmy(today()), 'NEFT CR-HDFC0001-RAHUL SHARMA', 'UTR881122', dmy(today()), '', '1,500.00', '2,00,000.00'],
      [dmy(today()), 'NEFT CR-UNKNOWN PAYER', 'UTR990000', dmy(today()), '', '777.00', '2,00,777.00'],
      [dmy(today()), 'ATM WITHDRAWAL', '000000', dmy(today()), '500.00', '', '2,00,277.00'],
    ]);
    const first = await upload(csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ credits: 2, matched: 1, unmatched: 1, repeated: 0, bankAccount: 'MAIN' });
    const again = await upload(csv);
    expect(again.json().data).toMatchObject({ credits: 2, matched: 0, unmatched: 0, repeated: 2 });

    const matched = (await get('/books/statement-lines?market=IN&status=matched')).json().data;
    expect(matched).toContainEqual(
      expect.objectContaining({
        reference: 'UTR881122',
        amountMinor: 150_000,
        match: { kind: 'offline_repayment', orderId: order.id, orderNo: order.orderNo },
      }),
    );
    const queue = (await get('/books/statement-lines?market=IN')).json().data;
    expect(queue.map((line: { reference: string }) => line.reference)).toContain('UTR990000');
    expect((await audited('books.statement-upload')).length).toBeGreaterThanOrEqual(2);
  });

  it('approves a large offline repayment waiting for a second person when another operator uploads the statement showing its credit, never its maker', async () => {
    const above = t.config.console.offlineRepaymentApprovalAboveMinor.IN + 1;
    const amount = (above / 100).toFixed(2);
    const ask = async (reference: string) => {
      const order = await makeOrder(t, { status: OrderStatus.Overdue });
      const asked = await recordOffline(order, above, reference);
      expect(asked.json().data).toMatchObject({ status: 'pending' });
      return order;
    };
    const repaymentsOf = async (order: Order) =>
      rowsOf<{ amount_minor: string }>(
        await t.database.db.execute(sql`SELECT amount_minor FROM ledger_entries WHERE order_id = ${order.id} AND kind = 'repayment'`),
      ).map((row) => Number(row.amount_minor));

    // the maker's own upload shows the match and leaves the request waiting
    const own = await ask('RTGS-STMT-OWN');
    const ownUpload = await upload(hdfcStatement([[dmy(today()), 'RTGS CR', 'RTGS-STMT-OWN', dmy(today()), '', amount, '']]));
    expect(ownUpload.json().data).toMatchObject({ matched: 1, approved: 0 });
    expect(ownUpload.json().data.waitingApprovals).toHaveLength(1);
    expect(await repaymentsOf(own)).not.toContain(above);

    const other = await ask('RTGS-STMT-RISK');
    const riskUpload = await upload(
      hdfcStatement([[dmy(today()), 'RTGS CR', 'RTGS-STMT-RISK', dmy(today()), '', amount, '']]),
      {},
      sessions.risk,
    );
    expect(riskUpload.json().data).toMatchObject({ matched: 1, approved: 1 });
    expect(await repaymentsOf(other)).toContain(above);
    const [approval] = (await audited('offline-repayment.approve')).filter((row) => row.targetId === String(other.id));
    expect(approval).toMatchObject({ operatorId: sessions.risk.operatorId });
  });

  it('resolves a queued credit with a note kept in the audit log, once', async () => {
    const csv = hdfcStatement([[dmy(today()), 'IMPS CR-TRANSFER FROM KILAT OPS', 'IMPS4455', dmy(today()), '', '2,500.00', '']]);
    expect((await upload(csv)).json().data.unmatched).toBe(1);
    const line = (await get('/books/statement-lines?market=IN'))
      .json()
      .data.find((row: { reference: string }) => row.reference === 'IMPS4455');
    const note = 'Transfer between our own accounts';
    const resolve = (session = sessions.supervisor) =>
      consoleCall(t.app, 'POST', `/books/statement-lines/${line.id}/resolve`, { session, body: { note } });
    expect((await resolve(sessions.agent)).statusCode).toBe(403);
    const resolved = await resolve();
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({ status: 'resolved', resolution: { note, by: expect.any(String) } });
    const twice = await resolve();
    expect(twice.statusCode).toBe(409);
    const [audit] = (await audited('books.statement-resolve')).filter((row) => row.targetId === String(line.id));
    expect(audit).toMatchObject({ before: { status: 'unmatched' }, after: { status: 'resolved', note } });
  });

  it("matches a gateway's settlement to its day of payments in the ledger, shown beside the day's payments", async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    await payByGateway(order, 40_000, 'PYBOOKS1');
    await payByGateway(order, 10_000, 'PYBOOKS2');
    const settlements = async () =>
      (await get(`/books/settlements?market=IN&from=${today()}&to=${today()}`))
        .json()
        .data.find((day: { gateway: string }) => day.gateway === SANDBOX_GATEWAY);
    expect(await settlements()).toMatchObject({ payments: 2, paymentsMinor: 50_000, settledMinor: 0, differenceMinor: 50_000 });
    const csv = hdfcStatement([
      [dmy(today()), `${SANDBOX_GATEWAY.toUpperCase()} SETTLEMENT ${today()}`, 'SETL0001', dmy(today()), '', '500.00', ''],
    ]);
    expect((await upload(csv)).json().data).toMatchObject({ matched: 1, unmatched: 0 });
    expect(await settlements()).toMatchObject({ settledMinor: 50_000, differenceMinor: 0 });
  });

  it('refuses a file that is not the named export, or an unknown account, storing nothing', async () => {
    const count = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM bank_statements`))[0]!.n;
    const before = await count();
    const wrong = await upload('Tanggal,Keterangan,Jumlah\n01/12/2026,X,100');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain('This is not a HDFC Bank account statement (CSV)');
    const badAmount = await upload(hdfcStatement([[dmy(today()), 'NEFT', 'R1', dmy(today()), '', 'abc', '']]));
    expect(badAmount.json().message).toBe('Row 4: "abc" is not an amount.');
    const account = await upload(hdfcStatement([[dmy(today()), 'NEFT', 'R1', dmy(today()), '', '1.00', '']]), { bankAccount: 'SBI-9' });
    expect(account.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('reads a Bank Mandiri statement with Indonesian amounts', async () => {
    const csv = [
      'Tgl.,Tgl. Val.,Rincian Transaksi,No. Referensi,Debit,Kredit,Saldo',
      `07/12/2026,${dmy(today(Market.Indonesia)).slice(0, 6)}20${dmy(today(Market.Indonesia)).slice(6)},TRANSFER DARI BUDI,MDR123456,,"1.250.000,00","5.000.000,00"`,
    ].join('\n');
    const answer = await upload(csv, { market: 'ID', format: 'mandiri', fileName: 'mandiri.csv' });
    expect(answer.statusCode, answer.body).toBe(200);
    const lines = (await get('/books/statement-lines?market=ID')).json().data;
    expect(lines).toContainEqual(
      expect.objectContaining({ reference: 'MDR123456', amountMinor: 125_000_000, valueDate: today(Market.Indonesia) }),
    );
  });
});
