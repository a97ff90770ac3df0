/**
 * The payout job records a batch's answers set-based (issue 28's done-when, DESIGN §8: "one pass per
 * batch, not a query per order"): the statements it sends for a batch of payouts that landed are the
 * same for 3 orders as for 9 (beside the payouts the gateway still holds, asked about again in one
 * statement), and every order is disbursed, scheduled and told.
 */
import { Market } from '@kilat/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, orderPeriods, payouts, products } from '../../db/schema.js';
import { call, statementsDuring, useTestApp } from '../../test/app.js';
import { giveDisbursalAccount } from '../../test/disbursal.js';
import { borrowerMessages } from '../messages/table.js';
import { smsOutbox } from '../sms/outbox-table.js';
import { PROCESSING_POLL_MS } from './service.js';

const t = useTestApp();
const SECOND = 1000;

/** `count` new borrowers, each with a valid sandbox account and a submitted loan; answers the orders' ids. */
const approvedLoans = async (count: number): Promise<number[]> => {
  const [product] = (await t.database.db.select().from(products).where(eq(products.market, Market.India))).sort(
    (a, b) => a.sortOrder - b.sortOrder,
  );
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const borrower = (await t.app.inject({ method: 'GET', url: `/dev/session?market=IN&fresh=due` })).json();
    await giveDisbursalAccount(t, Number(borrower.userId), '1234');
    const body = {
      productId: String(product!.id),
      amount: String(product!.amountMinMinor),
      periods: String(product!.termDays),
      termUnit: '1',
    };
    const response = await call(t.app, 'loanPush', { session: borrower, query: { market: 'IN' }, body });
    expect(response.statusCode, response.body).toBe(200);
    ids.push(Number(new URL(response.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')));
  }
  return ids;
};

/** The held payouts' poll wait passes (the decision was made at submit) and the job runs once, its statements counted. */
const payOutCounted = async () => {
  t.clock.advance(PROCESSING_POLL_MS + SECOND);
  let result: Awaited<ReturnType<typeof t.app.disbursal.run>> | undefined;
  const statements = await statementsDuring(t.database, async () => {
    result = await t.app.disbursal.run(t.clock.now());
  });
  return { statements, result: result! };
};

describe('the payout job records a batch set-based', () => {
  it('sends as many statements for 9 payouts that land as for 3, and disburses, schedules and tells every one', async () => {
    const few = await approvedLoans(3);
    const first = await payOutCounted();
    expect(first.result.processed).toBe(3);
    // the demo data's payouts the sandbox holds are asked about in each run too, recorded with the batch
    const alsoAsked = first.result.claimed - 3;
    const many = await approvedLoans(9);
    const second = await payOutCounted();
    expect(second.result).toMatchObject({ claimed: 9 + alsoAsked, processed: 9 });
    expect(second.statements).toBe(first.statements);

    const orderIds = [...few, ...many];
    const landed = await t.database.db.select().from(payouts).where(inArray(payouts.orderId, orderIds));
    expect(landed.map((row) => row.status)).toEqual(orderIds.map(() => 'processed'));
    expect(landed.every((row) => row.claimedUntil === null && row.utr !== null)).toBe(true);
    const disbursements = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(inArray(ledgerEntries.orderId, orderIds), eq(ledgerEntries.kind, 'disbursement')));
    expect(disbursements).toHaveLength(orderIds.length);
    const periods = await t.database.db.select().from(orderPeriods).where(inArray(orderPeriods.orderId, orderIds));
    expect(new Set(periods.map((period) => period.orderId)).size).toBe(orderIds.length);
    const told = await t.database.db
      .select()
      .from(borrowerMessages)
      .where(and(inArray(borrowerMessages.orderId, orderIds), eq(borrowerMessages.kind, 'disbursed')));
    expect(told).toHaveLength(orderIds.length);
    const sms = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'disbursal'));
    expect(sms.length).toBeGreaterThanOrEqual(orderIds.length);
  });
});
