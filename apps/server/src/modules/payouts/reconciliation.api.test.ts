/**
 * The daily payout reconciliation (issue 28 item 5, decision 140), through the real app, database
 * and the sandbox payout gateway, whose statement is what it was asked to pay: a day where every
 * payout matched records nothing; a disbursement the gateway never made and a payout the ledger
 * never posted are each recorded once, however often the pass runs, and /metrics counts them.
 */
import { Market } from '@kilat/contract';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, payoutMismatches, payouts, products } from '../../db/schema.js';
import { call, type DemoSession, useTestApp } from '../../test/app.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import { postDisbursement } from '../ledger/posting.js';
import type { SandboxPayoutGateway } from '../payments/gateways/sandbox/payout-gateway.js';
import { PAYOUT_RECONCILIATION_JOB, type ReconciledDay } from './reconciliation.js';

const t = useTestApp();
const DAY = 86_400_000;

const sandbox = () => t.app.payoutGateways.byName('sandbox') as SandboxPayoutGateway;

/** A new borrower with a validated sandbox account ending 1234, and a submitted loan of the market's first product. */
const submitted = async (market: Market) => {
  const borrower = (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=due` })).json() as DemoSession;
  await giveDisbursalAccount(t, Number(borrower.userId), '1234');
  const [product] = (await t.database.db.select().from(products).where(eq(products.market, market))).sort(
    (a, b) => a.sortOrder - b.sortOrder,
  );
  const body = {
    productId: String(product!.id),
    amount: String(product!.amountMinMinor),
    periods: String(product!.termDays),
    termUnit: '1',
  };
  const response = await call(t.app, 'loanPush', { session: borrower, query: { market }, body });
  expect(response.statusCode, response.body).toBe(200);
  const orderId = Number(new URL(response.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId'));
  const [payout] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
  return { orderId, payout: payout! };
};

const reconcile = async () => {
  const run = await t.app.jobs.runNow(PAYOUT_RECONCILIATION_JOB);
  return (run!.result as { days: ReconciledDay[] }).days;
};
const mismatches = () => t.database.db.select().from(payoutMismatches).orderBy(asc(payoutMismatches.id));
const metric = async (market: Market) => {
  const body = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const line = body.split('\n').find((text) => text.startsWith(`kilat_payout_mismatches_unresolved{market="${market}",gateway="sandbox"}`));
  return line === undefined ? null : Number(line.split(' ').at(-1));
};

describe('the daily payout reconciliation against the sandbox', () => {
  it('records nothing for a day where every disbursement has its gateway payout', async () => {
    // past every seeded disbursal, so the reconciled days hold only this test's payouts
    t.clock.advance(40 * DAY);
    const india = await submitted(Market.India);
    const indonesia = await submitted(Market.Indonesia);
    await t.app.disbursal.run(t.clock.now());
    const paidOn = { IN: t.clock.today(Market.India), ID: t.clock.today(Market.Indonesia) };
    for (const { orderId } of [india, indonesia]) {
      const [paid] = await t.database.db.select().from(payouts).where(eq(payouts.orderId, orderId));
      expect(paid!.status).toBe('processed');
    }

    t.clock.advance(DAY);
    const days = await reconcile();
    // each market's previous business day, its disbursement found on the sandbox's statement (the other market's line is not its)
    expect(days.map((day) => [day.market, day.businessDate, day.mismatches, day.recorded])).toEqual([
      [Market.India, paidOn.IN, 0, 0],
      [Market.Indonesia, paidOn.ID, 0, 0],
    ]);
    for (const day of days) {
      expect(day.ledgerRows).toBeGreaterThanOrEqual(1);
      expect(day.gatewayLines).toBe(day.ledgerRows);
    }
    expect(await mismatches()).toEqual([]);
    expect(await metric(Market.India)).toBe(0);
  });

  it('records a disbursement the gateway never made and a payout the ledger never posted, each once, and counts them in /metrics', async () => {
    // the ledger says money left for this order, but no gateway was ever asked to pay it
    const unpaid = await submitted(Market.India);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, unpaid.orderId));
    const day = t.clock.today(Market.India);
    await t.database.db.transaction((tx) =>
      postDisbursement(tx, {
        orderId: unpaid.orderId,
        orderNo: order!.orderNo,
        attempt: 1,
        amountMinor: unpaid.payout.amountMinor,
        businessDate: day,
        utr: null,
        gateway: 'sandbox',
        gatewayPayoutId: 'spo_ok_1700000000_0000000000000000',
        landedBefore: false,
      }),
    );
    // the gateway paid something no order of ours asked for
    const stray = await sandbox().createPayout({
      idempotencyKey: 'a-payout-not-of-ours',
      reference: 'STRAY-1',
      market: Market.India,
      amountMinor: 123_400,
      destination: { market: 'IN', kind: 'bank', holderName: 'SOMEONE ELSE', accountNumber: '5555500001234', ifsc: 'HDFC0001234' },
      gatewayAccountId: null,
      narration: 'SOMEONE ELSE',
    });
    expect(stray.status).toBe('processed');

    t.clock.advance(DAY);
    const first = await reconcile();
    const second = await reconcile();
    expect(first.find((entry) => entry.market === Market.India)).toMatchObject({ businessDate: day, mismatches: 2, recorded: 2 });
    expect(second.find((entry) => entry.market === Market.India)).toMatchObject({ businessDate: day, mismatches: 2, recorded: 0 });

    const found = await mismatches();
    expect(
      found.map((row) => [
        row.market,
        row.businessDate,
        row.kind,
        row.movement,
        row.gatewayPayoutId,
        row.reference,
        row.ledgerAmountMinor,
        row.gatewayAmountMinor,
      ]),
    ).toEqual([
      [
        Market.India,
        day,
        'missing_at_gateway',
        'disbursement',
        'spo_ok_1700000000_0000000000000000',
        unpaid.payout.publicId,
        unpaid.payout.amountMinor,
        null,
      ],
      [Market.India, day, 'missing_in_ledger', 'disbursement', stray.gatewayPayoutId, 'STRAY-1', null, 123_400],
    ]);
    expect(found.every((row) => row.resolvedAt === null)).toBe(true);
    expect(await metric(Market.India)).toBe(2);
    expect(await metric(Market.Indonesia)).toBe(0);

    // an operator resolves one: it leaves the count
    await t.database.db.update(payoutMismatches).set({ resolvedAt: t.clock.now() }).where(eq(payoutMismatches.id, found[0]!.id));
    expect(await metric(Market.India)).toBe(1);
  });
});
