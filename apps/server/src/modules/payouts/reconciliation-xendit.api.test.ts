/**
 * The daily payout reconciliation (decision 140) against Xendit's balance statement, replayed over
 * real local HTTP (`GET /transactions?types=DISBURSEMENT`, payments/gateways/xendit/payout-exchanges.ts):
 * a disbursement and its reversal posted in the ledger match the one REVERSED line Xendit shows for
 * them; a disbursement Xendit booked that the ledger never posted is recorded once.
 */
import { Market } from '@kilat/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payoutMismatches, payouts, products } from '../../db/schema.js';
import { call, type DemoSession, useTestApp } from '../../test/app.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import { type ReceivedRequest, type ReplayServer, startReplayServer } from '../../test/replay-server.js';
import { postDisbursement, postDisbursementReversal } from '../ledger/posting.js';
import { xenditPayout, xenditTransaction, xenditTransactionPage } from '../payments/gateways/xendit/payout-exchanges.js';
import { PayoutReconciliation } from './reconciliation.js';

/** Xendit's statement as the test writes it. */
const statement: ReturnType<typeof xenditTransaction>[] = [];

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer((request: ReceivedRequest) => {
    const url = new URL(request.path, 'http://xendit.test');
    if (request.method === 'GET' && url.pathname === '/transactions') {
      const gte = Date.parse(url.searchParams.get('created[gte]')!);
      const lte = Date.parse(url.searchParams.get('created[lte]')!);
      const types = url.searchParams.getAll('types');
      const within = statement.filter(
        (line) => types.includes(line.type) && Date.parse(line.created) >= gte && Date.parse(line.created) <= lte,
      );
      return { status: 200, body: xenditTransactionPage(within, false) };
    }
    return { status: 404, body: { error_code: 'NOT_FOUND', message: 'The requested resource was not found' } };
  });
});
afterAll(async () => server?.close());

const t = useTestApp(() => ({
  config: {
    payouts: {
      gateways: { IN: 'sandbox', ID: 'xendit' },
      razorpayx: undefined,
      xendit: {
        secretKey: 'xnd_development_P0ZBGDJ0tGhZVeQn7Hb1Nc5Vd8Fg',
        callbackToken: 'MuaJALKJSDK12LASHDJKAJSHDJKAJSHDjkasdjhakjsdhakjsdhkjashd',
        apiBase: server.baseUrl,
      },
      webhookSecret: 'kilat-dev-webhook-secret-not-for-production',
    },
  },
}));

describe('the daily payout reconciliation against Xendit (replayed)', () => {
  it('matches a REVERSED line with the disbursement and its reversal, and records a disbursement the ledger never posted once', async () => {
    const borrower = (await t.app.inject({ method: 'GET', url: '/dev/session?market=ID&fresh=due' })).json() as DemoSession;
    await giveDisbursalAccount(t, Number(borrower.userId), '0123', { gateway: 'xendit', gatewayAccountId: null });
    const [product] = (await t.database.db.select().from(products).where(eq(products.market, Market.Indonesia))).sort(
      (a, b) => a.sortOrder - b.sortOrder,
    );
    const body = {
      productId: String(product!.id),
      amount: String(product!.amountMinMinor),
      periods: String(product!.termDays),
      termUnit: '1',
    };
    const pushed = await call(t.app, 'loanPush', { session: borrower, query: { market: Market.Indonesia }, body });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const orderId = Number(new URL(pushed.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId'));
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(payout!.gateway).toBe('xendit');

    // the ledger as the payout job leaves it when Xendit's payout landed and then came back the same day
    const day = t.clock.today(Market.Indonesia);
    const posting = {
      orderId,
      orderNo: order!.orderNo,
      attempt: 1,
      amountMinor: payout!.amountMinor,
      businessDate: day,
      utr: null,
      gateway: 'xendit',
      gatewayPayoutId: 'disb-00000000000000000000001',
    };
    await t.database.db.transaction(async (tx) => {
      await postDisbursement(tx, { ...posting, landedBefore: false });
      await postDisbursementReversal(tx, posting);
    });
    // Xendit books amounts in whole rupiah
    expect(payout!.amountMinor % 100).toBe(0);
    const created = t.clock.now().toISOString();
    const paid = xenditPayout(
      {
        id: 'disb-00000000000000000000001',
        reference_id: payout!.publicId,
        channel_code: 'ID_BCA',
        account_number: '1234560123',
        account_holder_name: 'B',
        amount: payout!.amountMinor / 100,
        description: 'd',
      },
      'REVERSED',
      { created },
    );
    statement.push(xenditTransaction('txn-1', paid, 'REVERSED', created));
    // a line still pending is no movement yet
    statement.push(xenditTransaction('txn-2', { ...paid, id: 'disb-00000000000000000000002' }, 'PENDING', created));

    const reconciliation = new PayoutReconciliation({ db: t.database.db, gateways: t.app.payoutGateways });
    const matched = await reconciliation.reconcile(Market.Indonesia, day, t.clock.now());
    expect(matched).toMatchObject({ gateway: 'xendit', ledgerRows: 2, gatewayLines: 2, mismatches: 0, recorded: 0 });
    expect(server.received.some((request) => request.path.startsWith('/transactions?types=DISBURSEMENT'))).toBe(true);

    const stray = xenditPayout(
      {
        ...{ channel_code: 'ID_BCA', account_number: '99', account_holder_name: 'X', description: 'x' },
        id: 'disb-9',
        reference_id: 'K9-1',
        amount: 25_000,
      },
      'SUCCEEDED',
    );
    statement.push(xenditTransaction('txn-3', stray, 'SUCCESS', created));
    for (const expected of [1, 0]) {
      expect(await reconciliation.reconcile(Market.Indonesia, day, t.clock.now())).toMatchObject({ mismatches: 1, recorded: expected });
    }
    const rows = await t.database.db.select().from(payoutMismatches).where(eq(payoutMismatches.gateway, 'xendit'));
    expect(rows.map((row) => [row.market, row.kind, row.movement, row.gatewayPayoutId, row.reference, row.gatewayAmountMinor])).toEqual([
      [Market.Indonesia, 'missing_in_ledger', 'disbursement', 'disb-9', 'K9-1', 25_000_00],
    ]);
  });
});
