/**
 * Two instances on one database run the payout job at the same time (issue 28, decision 135): each
 * approved loan's payout is claimed by one of them, sent once, and disbursed once.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ledgerEntries, payouts, products } from '../../db/schema.js';
import { call, type DemoSession, useTestApp, useTestDatabase } from '../../test/app.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import type { SandboxPayoutGateway } from '../payments/gateways/sandbox/payout-gateway.js';

const database = useTestDatabase();
const first = useTestApp(() => ({ database }));
// the second instance: same database, no seed of its own (the first seeded it)
const second = useTestApp(() => ({ database, seed: false }));

const LOANS = 12;

describe('two instances running the payout job', () => {
  it('send each payout once and disburse each loan once', async () => {
    const ids: number[] = [];
    for (let n = 0; n < LOANS; n += 1) {
      const market = n % 2 === 0 ? Market.India : Market.Indonesia;
      const borrower = (await first.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=due` })).json() as DemoSession;
      await giveDisbursalAccount(first, Number(borrower.userId));
      const [product] = (await first.database.db.select().from(products).where(eq(products.market, market))).sort(
        (a, b) => a.sortOrder - b.sortOrder,
      );
      const body = {
        productId: String(product!.id),
        amount: String(product!.amountMinMinor),
        periods: String(product!.termDays),
        termUnit: '1',
      };
      const response = await call(first.app, 'loanPush', { session: borrower, query: { market }, body });
      expect(response.statusCode, response.body).toBe(200);
      ids.push(Number(new URL(response.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')));
    }
    // both clocks past the decision
    const sandboxOf = (app: typeof first) => app.app.payoutGateways.byName('sandbox') as SandboxPayoutGateway;
    const creates = [vi.spyOn(sandboxOf(first), 'createPayout'), vi.spyOn(sandboxOf(second), 'createPayout')];

    await Promise.all([first.app.disbursal.run(first.clock.now()), second.app.disbursal.run(second.clock.now())]);

    const references = creates.flatMap((spy) => spy.mock.calls.map(([input]) => input.reference));
    const rows = await first.database.db.select().from(payouts).where(inArray(payouts.orderId, ids));
    expect(rows).toHaveLength(LOANS);
    expect(rows.every((row) => row.status === 'processed' && row.tries === 1)).toBe(true);
    // every payout sent exactly once, by one instance or the other
    expect(references.filter((reference) => rows.some((row) => row.publicId === reference)).sort()).toEqual(
      rows.map((row) => row.publicId).sort(),
    );
    const disbursements = await first.database.db.select().from(ledgerEntries).where(inArray(ledgerEntries.orderId, ids));
    expect(disbursements.map((row) => row.kind)).toEqual(Array(LOANS).fill('disbursement'));
    const states = await first.app.orders.states(
      (await Promise.all(ids.map((id) => first.app.orders.repository.findById(id)))).map((o) => o!),
    );
    expect(states.every((state) => state.status === OrderStatus.Disbursed)).toBe(true);
    for (const spy of creates) spy.mockRestore();
  });
});
