/**
 * Each gateway's settlement report against the ledger's payments (issue 47, decision 276) on a real
 * database through real HTTP: Razorpay's settlement recon (India) and Xendit's transactions report
 * (Indonesia) read by their documented columns; each settled payment matched to ours and to what the
 * ledger's rows of it add up to; a line the ledger does not hold, an amount that differs and a
 * payment of the ledger the report did not settle queued; a line read once however often uploaded;
 * each difference resolved with a note, audited; a file without the columns refused, nothing stored.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/database.js';
import { auditLog, type Order, payments } from '../../../db/schema.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { makeOrder } from '../../../test/factories.js';
import { postPayment } from '../../ledger/posting.js';
import { RAZORPAY_GATEWAY } from '../../payments/gateways/razorpay/razorpay-gateway.js';
import { XENDIT_GATEWAY } from '../../payments/gateways/xendit/xendit-gateway.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
const sessions = {} as Record<'supervisor' | 'risk' | 'agent', ConsoleSession>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  for (const role of ['supervisor', 'risk', 'agent'] as const) sessions[role] = await signIn(t.app, t.clock, role);
}, SETUP_TIMEOUT_MS);

/** A repayment through a gateway, posted by the ledger module as a paid payment is. */
const payThrough = async (gateway: string, order: Order, amountMinor: number, publicId: string, gatewayRef: string) =>
  t.database.db.transaction(async (tx) => {
    const [payment] = await tx
      .insert(payments)
      .values({
        publicId,
        borrowerId: order.borrowerId,
        orderId: order.id,
        market: order.market,
        purpose: 'repay',
        method: order.market === 'IN' ? 'upi' : 'virtual_account',
        amountMinor,
        status: 'paid',
        gateway,
        gatewayRef,
        paidAt: t.clock.now(),
      })
      .returning();
    await postPayment(tx, t.clock, payment!, order);
  });

const upload = (body: { format: string; fileName: string; csv: string }, session = sessions.supervisor) =>
  consoleCall(t.app, 'POST', '/books/settlement-reports', { session, body });
const queue = async (market: Market, status = 'open') =>
  (await consoleCall(t.app, 'GET', `/books/settlement-lines?market=${market}&status=${status}`, { session: sessions.risk })).json()
    .data as {
    id: number;
    gatewayRef: string;
    status: string;
    amountMinor: number | null;
    ledgerMinor: number | null;
    payment: { publicId: string } | null;
  }[];
const resolve = (id: number, note: string, session = sessions.supervisor) =>
  consoleCall(t.app, 'POST', `/books/settlement-lines/${id}/resolve`, { session, body: { note } });
const linesCount = async () =>
  Number(rowsOf<{ n: number }>(await t.database.db.execute(sql`SELECT count(*)::int AS n FROM gateway_settlement_lines`))[0]!.n);

// Razorpay's recon items, their fields as columns (razorpay.com/docs/api/settlements/fetch-recon): amounts in paise
const RAZORPAY_HEADER =
  'entity_id,type,debit,credit,amount,currency,fee,tax,on_hold,settled,created_at,settled_at,settlement_id,settlement_utr,order_id,notes';
const razorpayLine = (entityId: string, type: string, amount: number, fee: number, tax: number, notes: string) =>
  [
    entityId,
    type,
    0,
    amount - fee - tax,
    amount,
    'INR',
    fee,
    tax,
    'false',
    'true',
    1_765_000_000,
    1_765_100_000,
    'setl_K1',
    'UTR881',
    '',
    `"${notes.replaceAll('"', '""')}"`,
  ].join(',');

describe("Razorpay's settlement recon against the ledger (India)", () => {
  it('matches a payment by its payment_ref, queues an amount that differs, a line the ledger lacks and a payment no report settled; read once', async () => {
    const order = await makeOrder(t, { market: Market.India, status: OrderStatus.Overdue });
    const [first, second, unsettled] = [`rzp-a-${order.id}`, `rzp-b-${order.id}`, `rzp-c-${order.id}`];
    await payThrough(RAZORPAY_GATEWAY, order, 25_000, first, `qr_${first}`);
    await payThrough(RAZORPAY_GATEWAY, order, 20_000, second, `plink_${second}`);
    await payThrough(RAZORPAY_GATEWAY, order, 15_000, unsettled, `qr_${unsettled}`);
    const csv = [
      RAZORPAY_HEADER,
      razorpayLine(`pay_A${order.id}`, 'payment', 25_000, 500, 90, `{"payment_ref":"${first}"}`),
      razorpayLine(`pay_B${order.id}`, 'payment', 21_000, 420, 76, `{"payment_ref":"${second}"}`),
      razorpayLine(`pay_Z${order.id}`, 'payment', 5_000, 100, 18, '{}'),
      razorpayLine(`rfnd_R${order.id}`, 'refund', 3_000, 0, 0, '{}'),
    ].join('\n');

    const uploaded = await upload({ format: 'razorpay-recon', fileName: 'recon-2026-12-07.csv', csv });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const view = uploaded.json().data;
    expect(view).toMatchObject({ gateway: 'razorpay', lines: 3, matched: 1, repeated: 0 });
    const byRef = (ref: string) => view.differences.find((line: { gatewayRef: string }) => line.gatewayRef === ref);
    expect(byRef(`pay_B${order.id}`)).toMatchObject({ status: 'amount_differs', amountMinor: 21_000, ledgerMinor: 20_000, fee: '₹4.20' });
    expect(byRef(`pay_Z${order.id}`)).toMatchObject({ status: 'missing_in_ledger', amountMinor: 5_000, ledgerMinor: null, payment: null });
    expect(byRef(unsettled)).toMatchObject({
      status: 'missing_at_gateway',
      amountMinor: null,
      ledgerMinor: 15_000,
      payment: { publicId: unsettled },
    });
    expect((await queue(Market.India, 'matched')).find((line) => line.gatewayRef === `pay_A${order.id}`)).toMatchObject({
      amountMinor: 25_000,
      ledgerMinor: 25_000,
      payment: { publicId: first },
    });

    // the same report again reads nothing twice
    const before = await linesCount();
    const again = await upload({ format: 'razorpay-recon', fileName: 'recon-2026-12-07.csv', csv });
    expect(again.json().data).toMatchObject({ lines: 3, matched: 0, repeated: 3 });
    expect(await linesCount()).toBe(before);

    // the next day's report settles the payment queued as missing: its row becomes the match
    const next = await upload({
      format: 'razorpay-recon',
      fileName: 'recon-2026-12-08.csv',
      csv: [RAZORPAY_HEADER, razorpayLine(`pay_C${order.id}`, 'payment', 15_000, 300, 54, `{"payment_ref":"${unsettled}"}`)].join('\n'),
    });
    expect(next.json().data).toMatchObject({ lines: 1, matched: 1, repeated: 0 });
    expect((await queue(Market.India)).some((line) => line.payment?.publicId === unsettled)).toBe(false);
    expect(await linesCount()).toBe(before);
  });

  it('resolves a difference with a note, audited; a match, a resolved line, a short note and an agent are refused', async () => {
    const order = await makeOrder(t, { market: Market.India, status: OrderStatus.Overdue });
    await payThrough(RAZORPAY_GATEWAY, order, 10_000, `rzp-d-${order.id}`, `qr_d${order.id}`);
    const uploaded = await upload({
      format: 'razorpay-recon',
      fileName: 'recon.csv',
      csv: [
        RAZORPAY_HEADER,
        razorpayLine(`pay_D${order.id}`, 'payment', 10_000, 200, 36, `{"payment_ref":"rzp-d-${order.id}"}`),
        razorpayLine(`pay_Y${order.id}`, 'payment', 7_000, 140, 25, '{}'),
      ].join('\n'),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const open = (await queue(Market.India)).find((line) => line.gatewayRef === `pay_Y${order.id}`)!;
    const matched = (await queue(Market.India, 'matched')).find((line) => line.gatewayRef === `pay_D${order.id}`)!;

    expect((await resolve(open.id, 'ok')).statusCode).toBe(400);
    expect((await resolve(open.id, 'A payment of the old app, reconciled by hand', sessions.agent)).statusCode).toBe(403);
    const resolved = await resolve(open.id, 'A payment of the old app, reconciled by hand');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json().data).toMatchObject({
      status: 'missing_in_ledger',
      resolution: { note: 'A payment of the old app, reconciled by hand' },
    });
    expect((await queue(Market.India)).some((line) => line.id === open.id)).toBe(false);
    expect((await queue(Market.India, 'resolved')).some((line) => line.id === open.id)).toBe(true);
    expect((await resolve(open.id, 'Twice')).statusCode).toBe(409);
    expect((await resolve(matched.id, 'Nothing to resolve')).statusCode).toBe(409);

    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'books.settlement-resolve'));
    expect(audited.find((row) => row.targetId === String(open.id))).toMatchObject({
      before: { status: 'missing_in_ledger' },
      after: { note: 'A payment of the old app, reconciled by hand' },
    });
    expect((await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'books.settlement-upload'))).length).toBeGreaterThan(0);
  });

  it('refuses a file without the columns and an amount that is not in paise, naming it, and stores nothing', async () => {
    const before = await linesCount();
    const wrong = await upload({
      format: 'razorpay-recon',
      fileName: 'statement.csv',
      csv: 'Date,Narration,Deposit Amt.\n07/12/26,UPI,100.00',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/needs the columns entity_id, type, amount, fee, tax, settlement_id/);
    const decimal = await upload({
      format: 'razorpay-recon',
      fileName: 'recon.csv',
      csv: [RAZORPAY_HEADER, razorpayLine('pay_X1', 'payment', 1, 0, 0, '{}').replace(',1,INR,', ',100.50,INR,')].join('\n'),
    });
    expect(decimal.statusCode).toBe(400);
    expect(decimal.json().message).toMatch(/^Row 2: "100.50" is not an amount in paise/);
    expect(await linesCount()).toBe(before);
  });
});

// Xendit's transactions report, version 2 (docs.xendit.co, Transactions report): amounts in rupiah
const XENDIT_HEADER = 'Status,Type,Channel,Channel Name,Account Number,Currency,Amount,Total Fee,Total VAT,Net Amount,Reference';

describe("Xendit's transactions report against the ledger (Indonesia)", () => {
  it('matches a payment by its Reference, queues a difference, reads past failed rows and disbursements, and reads a line once', async () => {
    const order = await makeOrder(t, { market: Market.Indonesia, status: OrderStatus.Overdue });
    const [paid, short] = [`xnd-a-${order.id}`, `xnd-b-${order.id}`];
    await payThrough(XENDIT_GATEWAY, order, 25_000_000, paid, `va_${paid}`);
    await payThrough(XENDIT_GATEWAY, order, 10_000_000, short, `va_${short}`);
    const csv = [
      XENDIT_HEADER,
      `SUCCESS,PAYMENT,VIRTUAL_ACCOUNT,BNI,8808123,IDR,250000,4500,495,245005,${paid}`,
      `SUCCESS,PAYMENT,VIRTUAL_ACCOUNT,BNI,8808124,IDR,"90.000,00",4500,495,85005,${short}`,
      `FAILED,PAYMENT,VIRTUAL_ACCOUNT,BNI,8808125,IDR,50000,0,0,0,xnd-failed-${order.id}`,
      `SUCCESS,DISBURSEMENT,BANK,BCA,1234,IDR,1000000,2500,275,997225,disb-${order.id}`,
    ].join('\r\n');
    const uploaded = await upload({ format: 'xendit-transactions', fileName: 'transactions.csv', csv });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const view = uploaded.json().data;
    expect(view).toMatchObject({ gateway: 'xendit', lines: 2, matched: 1, repeated: 0 });
    expect(view.differences.find((line: { gatewayRef: string }) => line.gatewayRef === short)).toMatchObject({
      status: 'amount_differs',
      amountMinor: 9_000_000,
      ledgerMinor: 10_000_000,
      amount: 'Rp\u00a090.000,00',
      ledger: 'Rp\u00a0100.000,00',
    });
    const matched = (await queue(Market.Indonesia, 'matched')).find((line) => line.gatewayRef === paid);
    expect(matched).toMatchObject({ amountMinor: 25_000_000, ledgerMinor: 25_000_000, payment: { publicId: paid } });
    // India's queue holds none of Indonesia's lines
    expect((await queue(Market.India, 'all')).some((line) => line.gatewayRef === paid)).toBe(false);

    const again = await upload({ format: 'xendit-transactions', fileName: 'transactions.csv', csv });
    expect(again.json().data).toMatchObject({ lines: 2, matched: 0, repeated: 2 });

    const differs = (await queue(Market.Indonesia)).find((line) => line.gatewayRef === short)!;
    const resolved = await resolve(differs.id, 'Xendit settled the rest the next day (support ticket 4411)');
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect((await queue(Market.Indonesia)).some((line) => line.gatewayRef === short)).toBe(false);
  });

  it('refuses a report without a Reference column, storing nothing', async () => {
    const before = await linesCount();
    const refused = await upload({
      format: 'xendit-transactions',
      fileName: 'balance.csv',
      csv: 'Status,Type,Currency,Amount,Total Fee,Total VAT\nSUCCESS,PAYMENT,IDR,1000,0,0',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Xendit transactions report .*needs the columns Reference/);
    expect(await linesCount()).toBe(before);
  });
});
