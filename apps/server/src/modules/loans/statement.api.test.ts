/** A loan statement (issue 49): every posting of the borrower's own loan with its value date, as the ledger has it. */
import { Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../db/schema.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';

const t = useTestApp();
let india: DemoSession;
let indonesia: DemoSession;

beforeAll(async () => {
  [india, indonesia] = await Promise.all([demoSession(t.app, Market.India), demoSession(t.app, Market.Indonesia)]);
}, SETUP_TIMEOUT_MS);

const settledOrderOf = async (session: DemoSession) => {
  const list = await t.app.orders.listForBorrower(Number(session.userId));
  const entry = list.find((item) => item.status === OrderStatus.Settled)!;
  return {
    body: { orderId: String(entry.order.id), productId: String(entry.order.productId) },
    id: entry.order.id,
    orderNo: entry.order.orderNo,
  };
};

describe('loan statement', () => {
  it('lists every posting of a repaid loan with its value date, in the order posted, in the borrower’s language', async () => {
    const order = await settledOrderOf(india);
    const response = await call(t.app, 'loanStatement', { session: india, query: { market: 'IN' }, body: order.body });
    expect(response.json().code).toBe('00');
    const { data } = response.json();
    const posted = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order.id));
    expect(data.orderNo).toBe(order.orderNo);
    expect(data.rows).toHaveLength(posted.length);
    expect(data.rows[0]).toMatchObject({ kind: enIN.statement_disbursement, valueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(data.rows.map((row: { kind: string }) => row.kind)).toContain(enIN.statement_repayment);
    const dates = data.rows.map((row: { valueDate: string }) => row.valueDate);
    expect([...dates].sort()).toEqual(dates);
    expect(data.rows.reduce((sum: number, row: { amountMinor: number }) => sum + row.amountMinor, 0)).toBe(
      posted.reduce((sum, row) => sum + row.amountMinor, 0),
    );
  });

  it('speaks Indonesian to an Indonesian borrower', async () => {
    const order = await settledOrderOf(indonesia);
    const { data } = (await call(t.app, 'loanStatement', { session: indonesia, query: { market: 'ID' }, body: order.body })).json();
    expect(data.rows[0].kind).toBe(idID.statement_disbursement);
    expect(data.rows[0].amount).toMatch(/^Rp/);
  });

  it("refuses another borrower's loan", async () => {
    const order = await settledOrderOf(india);
    const response = await call(t.app, 'loanStatement', { session: indonesia, query: { market: 'ID' }, body: order.body });
    expect(response.statusCode).toBe(403);
  });
});
