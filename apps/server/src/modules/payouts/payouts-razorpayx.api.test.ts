/**
 * The loan follows the money through RazorpayX Payouts (issue 28): the payout job creates the payout
 * over real HTTP against a local server replaying RazorpayX's documented exchanges
 * (payments/gateways/razorpay/payout-exchanges.ts), with the stored key in X-Payout-Idempotency;
 * RazorpayX's signed `payout.processed` webhook through POST /webhooks/payouts/razorpayx posts the
 * disbursement with its UTR, a redelivery changes nothing, and `payout.reversed` undoes it.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, payoutMismatches, payouts, products } from '../../db/schema.js';
import { call, type DemoSession, useTestApp } from '../../test/app.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import { type ReceivedRequest, type ReplayServer, startReplayServer } from '../../test/replay-server.js';
import {
  bankTransferTransaction,
  collection,
  type PayoutFields,
  type PayoutStatus,
  payoutEntity,
  payoutEvent,
  payoutTransaction,
  RAZORPAYX_ACCOUNT_NUMBER,
  razorpayXSignature,
} from '../payments/gateways/razorpay/payout-exchanges.js';
import { RAZORPAYX_EVENT_ID_HEADER } from '../payments/gateways/razorpay/payout-gateway.js';
import { RAZORPAY_SIGNATURE_HEADER } from '../payments/gateways/razorpay/razorpay-gateway.js';
import { PayoutReconciliation } from './reconciliation.js';

const WEBHOOK_SECRET = 'razorpayx-payout-webhook-secret-of-the-dashboard';
const FUND_ACCOUNT = 'fa_00000000000001';

/** What the replayed RazorpayX holds: payouts by id and the idempotency keys it answered. */
const held = new Map<string, { fields: PayoutFields; status: PayoutStatus }>();
const keys = new Map<string, string>();
/** The business account's statement (GET /v1/transactions) as the test writes it. */
const statement: ReturnType<typeof payoutTransaction | typeof bankTransferTransaction>[] = [];

let server: ReplayServer;
beforeAll(async () => {
  server = await startReplayServer((request: ReceivedRequest) => {
    if (request.method === 'POST' && request.path === '/v1/payouts') {
      const key = String(request.headers['x-payout-idempotency'] ?? '');
      const known = keys.get(key);
      if (known) return { status: 200, body: payoutEntity(held.get(known)!.fields, held.get(known)!.status) };
      const body = request.body as Record<string, unknown>;
      const id = `pout_${String(held.size + 1).padStart(14, '0')}`;
      const fields: PayoutFields = {
        id,
        fund_account_id: String(body.fund_account_id),
        amount: Number(body.amount),
        mode: body.mode as 'IMPS',
        reference_id: String(body.reference_id),
        narration: String(body.narration),
        notes: body.notes as Record<string, string>,
      };
      held.set(id, { fields, status: 'processing' });
      keys.set(key, id);
      return { status: 200, body: payoutEntity(fields, 'processing') };
    }
    const url = new URL(request.path, 'http://razorpayx.test');
    if (request.method === 'GET' && url.pathname === '/v1/transactions') {
      if (url.searchParams.get('account_number') !== RAZORPAYX_ACCOUNT_NUMBER)
        return { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The account number field is required.' } } };
      const from = Number(url.searchParams.get('from'));
      const to = Number(url.searchParams.get('to'));
      const skip = Number(url.searchParams.get('skip') ?? 0);
      const count = Number(url.searchParams.get('count') ?? 10);
      const within = statement.filter((line) => line.created_at >= from && line.created_at <= to);
      return { status: 200, body: collection(within.slice(skip, skip + count)) };
    }
    const found = /^\/v1\/payouts\/(pout_\w+)$/.exec(request.path);
    if (request.method === 'GET' && found && held.has(found[1]!)) {
      const payout = held.get(found[1]!)!;
      return { status: 200, body: payoutEntity(payout.fields, payout.status) };
    }
    return { status: 404, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'not replayed' } } };
  });
});
afterAll(async () => server?.close());

const t = useTestApp(() => ({
  config: {
    payouts: {
      gateways: { IN: 'razorpayx', ID: 'sandbox' },
      razorpayx: {
        keyId: 'rzp_test_Pq3Wn8Zk2Lm5Tb',
        keySecret: 'payout-key-secret-of-the-dashboard',
        accountNumber: RAZORPAYX_ACCOUNT_NUMBER,
        webhookSecret: WEBHOOK_SECRET,
        apiBase: server.baseUrl,
      },
      xendit: undefined,
      webhookSecret: 'kilat-dev-webhook-secret-not-for-production',
    },
  },
}));

const deliver = async (event: string, id: string, status: PayoutStatus, utr: string | null) => {
  const payout = held.get(id)!;
  payout.status = status;
  // the payout as RazorpayX tells it now (its times are the test clock's)
  const at = Math.floor(t.clock.now().getTime() / 1000);
  const rawBody = JSON.stringify(payoutEvent(event, payoutEntity(payout.fields, status, { utr, created_at: at }), at));
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/payouts/razorpayx',
    payload: rawBody,
    headers: {
      'content-type': 'application/json',
      [RAZORPAY_SIGNATURE_HEADER]: razorpayXSignature(WEBHOOK_SECRET, rawBody),
      [RAZORPAYX_EVENT_ID_HEADER]: `evt_${event}_${id}`,
    },
  });
};

describe('an Indian loan sent through RazorpayX Payouts (replayed)', () => {
  it('creates the payout with the stored key, posts the disbursement on payout.processed with its UTR once, and undoes it on payout.reversed', async () => {
    const borrower = (await t.app.inject({ method: 'GET', url: '/dev/session?market=IN&fresh=due' })).json() as DemoSession;
    await giveDisbursalAccount(t, Number(borrower.userId), '0123', { gateway: 'razorpayx', gatewayAccountId: FUND_ACCOUNT });
    const [product] = (await t.database.db.select().from(products).where(eq(products.market, Market.India))).sort(
      (a, b) => a.sortOrder - b.sortOrder,
    );
    const body = {
      productId: String(product!.id),
      amount: String(product!.amountMinMinor),
      periods: String(product!.termDays),
      termUnit: '1',
    };
    const pushed = await call(t.app, 'loanPush', { session: borrower, query: { market: Market.India }, body });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const orderId = Number(new URL(pushed.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId'));
    const [queued] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(queued).toMatchObject({ gateway: 'razorpayx', status: 'queued' });

    await t.app.disbursal.run(t.clock.now());
    const create = server.received.find((request) => request.method === 'POST' && request.path === '/v1/payouts')!;
    expect(create.headers['x-payout-idempotency']).toBe(queued!.idempotencyKey);
    expect(create.body).toMatchObject({ fund_account_id: FUND_ACCOUNT, amount: product!.amountMinMinor, reference_id: queued!.publicId });
    const [processing] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
    expect(processing).toMatchObject({ status: 'processing', gatewayPayoutId: 'pout_00000000000001' });

    for (const response of [
      await deliver('payout.processed', 'pout_00000000000001', 'processed', '100012345678'),
      await deliver('payout.processed', 'pout_00000000000001', 'processed', '100012345678'),
    ]) {
      expect(response.statusCode, response.body).toBe(200);
    }
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(asc(ledgerEntries.id));
    expect(rows.map((row) => [row.kind, row.businessDate])).toEqual([['disbursement', t.clock.today(Market.India)]]);
    expect(rows[0]!.meta).toMatchObject({ utr: '100012345678' });
    const order = (await t.app.orders.repository.findById(orderId))!;
    expect((await t.app.orders.withStatus(order)).status).toBe(OrderStatus.Disbursed);

    expect((await deliver('payout.reversed', 'pout_00000000000001', 'reversed', '100012345678')).statusCode).toBe(200);
    const after = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, orderId)).orderBy(asc(ledgerEntries.id));
    expect(after.map((row) => row.kind)).toEqual(['disbursement', 'disbursement_reversal']);
    const reversed = await t.app.orders.withStatus((await t.app.orders.repository.findById(orderId))!);
    expect(reversed.status).toBe(OrderStatus.Disbursing);
    expect(reversed.replay.outstandingMinor).toBe(0);
  });

  it("reconciles the day's disbursement and reversal with RazorpayX's statement, and records a payout the ledger never posted once", async () => {
    // the day of the first test: its payout was debited, then credited back (payout-sourced lines, decision 126)
    const day = t.clock.today(Market.India);
    const at = Math.floor(t.clock.now().getTime() / 1000);
    const payout = held.get('pout_00000000000001')!;
    statement.push(payoutTransaction('txn_00000000000001', payoutEntity(payout.fields, 'processed', { created_at: at }), at));
    statement.push(payoutTransaction('txn_00000000000002', payoutEntity(payout.fields, 'reversed', { created_at: at }), at, 'credit'));
    // a top-up of the business account is no payout: never a mismatch
    statement.push(bankTransferTransaction('txn_00000000000003', 50_000_00, at));
    const reconciliation = new PayoutReconciliation({ db: t.database.db, gateways: t.app.payoutGateways });

    const matched = await reconciliation.reconcile(Market.India, day, t.clock.now());
    expect(matched).toMatchObject({ gateway: 'razorpayx', ledgerRows: 2, gatewayLines: 2, mismatches: 0, recorded: 0 });
    expect(server.received.some((request) => request.path.startsWith(`/v1/transactions?account_number=${RAZORPAYX_ACCOUNT_NUMBER}`))).toBe(
      true,
    );

    // RazorpayX paid out something the ledger has no row of
    const stray: PayoutFields = { ...payout.fields, id: 'pout_00000000000077', amount: 7_700_00, reference_id: 'KLX-1' };
    statement.push(payoutTransaction('txn_00000000000004', payoutEntity(stray, 'processed', { created_at: at }), at));
    for (const expected of [1, 0]) {
      const day2 = await reconciliation.reconcile(Market.India, day, t.clock.now());
      expect(day2).toMatchObject({ mismatches: 1, recorded: expected });
    }
    const rows = await t.database.db.select().from(payoutMismatches).where(eq(payoutMismatches.gateway, 'razorpayx'));
    expect(rows.map((row) => [row.kind, row.movement, row.gatewayPayoutId, row.gatewayAmountMinor, row.ledgerAmountMinor])).toEqual([
      ['missing_in_ledger', 'disbursement', 'pout_00000000000077', 7_700_00, null],
    ]);
  });
});
