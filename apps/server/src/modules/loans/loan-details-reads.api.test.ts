/**
 * Issue 15: loan details at the floor. A call reads the order's stamp (one indexed row: owner,
 * product, revision) and sends the view it computed before while nothing it was computed from has
 * changed (decision 115); the session and the catalogue come from memory (decision 100). Counted
 * on the database client, so a query added later fails this test. Then every change the view
 * depends on — a ledger row, the business date, the language, a decision reached — is seen.
 */
import { Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { call, statementsDuring as countStatements, demoSession, useTestApp } from '../../test/app.js';
import { cardFlow, type FreshBorrower } from '../../test/card-flow.js';
import { giveDisbursalAccount, payOutApproved } from '../../test/disbursal.js';
import { postLedgerEntry } from '../ledger/repository.js';

const t = useTestApp();
const flow = () => cardFlow(t);
const DAY_MS = 86_400_000;

const statementsDuring = (work: () => Promise<unknown>) => countStatements(t.database, work);

const detailsOf = async (session: FreshBorrower, order: { orderId: string; productId: string }, cookie?: string) => {
  const response = await call(t.app, 'loanDetails', {
    session,
    body: { orderId: order.orderId, productId: order.productId },
    ...(cookie ? { headers: { cookie } } : {}),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const rowValue = (data: { userOrderDetail: { detail: { text: string; value: string }[] } }, text: string) =>
  data.userOrderDetail.detail.find((row) => row.text === text)?.value;

describe('loan details reads', () => {
  it('reads only the order stamp once the view is computed, and answers the same', async () => {
    const session = await demoSession(t.app, Market.India);
    const ids = { orderId: session.orderId, productId: session.productId };
    const first = await call(t.app, 'loanDetails', { session, body: ids });
    expect(first.json().code).toBe('00');
    expect(first.json().data.recProducts.length).toBeGreaterThan(0);

    let again: Awaited<ReturnType<typeof call>> | undefined;
    const sent = await statementsDuring(async () => {
      again = await call(t.app, 'loanDetails', { session, body: ids });
    });
    expect(sent).toBe(1);
    expect(again!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again!.body).toBe(first.body);
  });

  it('shows a repayment posted since, with the order read again', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const order = flow().orderIn(borrower, OrderStatus.DueSoon);
    const before = await detailsOf(borrower, order);
    const dueBefore = rowValue(before, enIN.loanAmountDue);
    expect(dueBefore).toBeDefined();

    await postLedgerEntry(t.database.db, {
      orderId: Number(order.orderId),
      kind: 'repayment',
      amountMinor: 10_000,
      idempotencyKey: `test:loan-details-kept:${order.orderId}`,
      businessDate: t.clock.today(Market.India),
    });
    let after: Awaited<ReturnType<typeof detailsOf>> | undefined;
    const sent = await statementsDuring(async () => {
      after = await detailsOf(borrower, order);
    });
    expect(sent).toBe(2);
    const amount = (text: string) => Number(text.replace(/[^\d.]/g, ''));
    expect(amount(rowValue(after!, enIN.loanAmountDue)!)).toBe(amount(dueBefore!) - 100);
  });

  it('computes the view again on a new business date: the due loan turns overdue', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const order = flow().orderIn(borrower, OrderStatus.DueSoon);
    expect((await detailsOf(borrower, order)).orderStatus).toBe(OrderStatus.DueSoon);
    t.clock.advance(4 * DAY_MS);
    try {
      expect((await detailsOf(borrower, order)).orderStatus).toBe(OrderStatus.Overdue);
    } finally {
      t.clock.advance(-4 * DAY_MS);
    }
  });

  it('keeps one view per language: the chosen language, then the market’s again', async () => {
    const borrower = await flow().freshBorrower(Market.India);
    const order = flow().orderIn(borrower, OrderStatus.DueSoon);
    const english = await detailsOf(borrower, order);
    const bahasa = await detailsOf(borrower, order, 'kilat_lang=id-ID');
    expect(rowValue(english, enIN.loanAmountDue)).toBeDefined();
    expect(rowValue(bahasa, idID.loanAmountDue)).toBeDefined();
    expect(rowValue(bahasa, enIN.loanAmountDue)).toBeUndefined();
    expect(await detailsOf(borrower, order)).toEqual(english);
  });

  it('shows the decision at once (issue 29: never dated ahead), and the disbursal once its payout landed', async () => {
    // a borrower with one loan open: a second fits the limit (the fresh borrower with a loan in every status has none left)
    const borrower: FreshBorrower = (await t.app.inject({ method: 'GET', url: `/dev/session?market=${Market.India}&fresh=due` })).json();
    await giveDisbursalAccount(t, Number(borrower.userId));
    const [product] = (await t.database.db.select().from(products).where(eq(products.market, Market.India))).sort(
      (a, b) => a.sortOrder - b.sortOrder,
    );
    const pushed = await call(t.app, 'loanPush', {
      session: borrower,
      query: { market: Market.India },
      body: {
        productId: String(product!.id),
        amount: String(product!.amountMinMinor),
        periods: String(product!.termDays),
        termUnit: '1',
      },
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    const order = {
      orderId: new URL(pushed.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId')!,
      productId: String(product!.id),
    };
    expect((await detailsOf(borrower, order)).orderStatus).toBe(OrderStatus.Disbursing);
    await payOutApproved(t);
    expect((await detailsOf(borrower, order)).orderStatus).toBe(OrderStatus.Disbursed);
  });

  it("still answers another borrower's order with 403, a missing one with 404 and another product with 400", async () => {
    const india = await demoSession(t.app, Market.India);
    const indonesia = await demoSession(t.app, Market.Indonesia);
    // the other borrower's view computed first: it is not handed to the wrong borrower
    await call(t.app, 'loanDetails', { session: indonesia, body: { orderId: indonesia.orderId, productId: indonesia.productId } });
    const others = await call(t.app, 'loanDetails', {
      session: india,
      body: { orderId: indonesia.orderId, productId: indonesia.productId },
    });
    expect(others.statusCode).toBe(403);
    const missing = await call(t.app, 'loanDetails', { session: india, body: { orderId: '999999999', productId: india.productId } });
    expect(missing.statusCode).toBe(404);
    const mismatch = await call(t.app, 'loanDetails', { session: india, body: { orderId: india.orderId, productId: '999' } });
    expect(mismatch.statusCode).toBe(400);
  });
});
