/**
 * What the order page's actions mean for the borrower (issue 31 item 2's follow-ups, decisions 163,
 * 164 and 170), on a real database through real HTTP: an offline repayment is in the borrower's
 * repayment history and has a receipt; a refund the gateway paid is in the message centre in both
 * languages, and not before; a borrower whose loan was written off is offered no new loan and no
 * rating, refused on every way into one in their language, with nothing stored.
 */
import { formatDateTime, Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Order, orderScores, orders, payments, refundPayouts } from '../../../db/schema.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { addOperator, type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { giveDisbursalAccount, payOutApproved } from '../../../test/disbursal.js';
import { makeOrder } from '../../../test/factories.js';
import { payoffOf } from '../../../test/payoff.js';
import { loanApplications } from '../../applications/table.js';
import { postPayment } from '../../ledger/posting.js';
import { borrowerMessages } from '../../messages/table.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
const sessions = {} as Record<'supervisor' | 'risk' | 'risk2', ConsoleSession>;
let borrower: DemoSession;
const IN = { market: 'IN' };

interface Fresh {
  sessionId: string;
  deviceId: string;
  userId: string;
}
const fresh = async (): Promise<Fresh> => (await t.app.inject({ method: 'GET', url: `/dev/session?market=IN&fresh=due` })).json();

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  borrower = await demoSession(t.app, Market.India);
  sessions.supervisor = await signIn(t.app, t.clock, 'supervisor');
  sessions.risk = await signIn(t.app, t.clock, 'risk');
  const riskTwo = await addOperator(t.database.db, t.clock, { email: 'risk2@kilat.test', name: 'Rina Risk', role: 'risk' });
  sessions.risk2 = await signIn(t.app, t.clock, riskTwo);
}, SETUP_TIMEOUT_MS);

describe('an offline repayment in the borrower’s repayment history', () => {
  it('is listed like any repayment, newest first, with its method, allocation and a receipt naming the bank reference', async () => {
    const order = await makeOrder(t, { status: OrderStatus.Overdue });
    const recorded = await consoleCall(t.app, 'POST', `/orders/${order.id}/offline-repayments`, {
      session: sessions.supervisor,
      body: { amountMinor: 150_000, bankReference: 'neft-9087', receivedOn: t.clock.today('IN'), reason: 'NEFT to the collection account' },
    });
    expect(recorded.statusCode, recorded.body).toBe(200);

    const history = await call(t.app, 'repaymentHistory', { session: borrower, query: IN, body: { orderId: String(order.id) } });
    expect(history.statusCode, history.body).toBe(200);
    const list = history.json().data.list;
    expect(list).toHaveLength(1);
    const [record] = list;
    expect(record).toMatchObject({
      paymentId: expect.stringMatching(/^OF\d+$/),
      orderId: String(order.id),
      orderNo: order.orderNo,
      purpose: 'repay',
      method: 'offline',
      amount: 150_000,
      paidAt: formatDateTime(t.clock.now(), Market.India),
    });
    // the one waterfall's allocation: the overdue loan's penalty first, all of the amount accounted for
    expect(record.allocation[0].component).toBe('penalty');
    expect(record.allocation.reduce((sum: number, line: { amount: number }) => sum + line.amount, 0)).toBe(150_000);

    // in the borrower's whole history too, above their older gateway payments
    const all = (await call(t.app, 'repaymentHistory', { session: borrower, query: IN })).json().data.list;
    expect(all[0]).toEqual(record);

    const receipt = await call(t.app, 'repaymentReceipt', { session: borrower, query: IN, body: { paymentId: record.paymentId } });
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json().data).toMatchObject({ ...record, methodDetail: 'NEFT-9087', extensionDays: 0 });
    expect(receipt.json().data.remainingAfter).toBeGreaterThan(0);

    // another borrower's receipt is not found, as an unknown one is
    const other = await fresh();
    const foreign = await call(t.app, 'repaymentReceipt', { session: other, query: IN, body: { paymentId: record.paymentId } });
    expect(foreign.statusCode).toBe(404);
    expect((await call(t.app, 'repaymentReceipt', { session: borrower, query: IN, body: { paymentId: 'OF999999999' } })).statusCode).toBe(
      404,
    );
  });
});

describe('a refund in the borrower’s message centre', () => {
  let order: Order;
  const refundedMessages = () =>
    t.database.db
      .select()
      .from(borrowerMessages)
      .where(and(eq(borrowerMessages.orderId, order.id), eq(borrowerMessages.kind, 'refunded')));

  beforeAll(async () => {
    await giveDisbursalAccount(t, Number(borrower.userId));
    // paid in full, then a second payment for the same debt
    order = await makeOrder(t, { status: OrderStatus.DueSoon });
    const payoff = await payoffOf(t, order.id);
    for (const [index, amountMinor] of [payoff, 45_000].entries()) {
      await t.database.db.transaction(async (tx) => {
        const [payment] = await tx
          .insert(payments)
          .values({
            publicId: `PT${order.id}F${index}`,
            borrowerId: order.borrowerId,
            orderId: order.id,
            market: order.market,
            purpose: 'repay',
            method: 'checkout',
            amountMinor,
            status: 'paid',
            gateway: 'sandbox',
            paidAt: t.clock.now(),
          })
          .returning();
        const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
        await postPayment(tx, t.clock, payment!, locked!);
      });
    }
  });

  it('is written when the gateway confirms the refund paid — not when asked or approved — once, in either language', async () => {
    const asked = await consoleCall(t.app, 'POST', `/orders/${order.id}/refunds`, {
      session: sessions.supervisor,
      body: { amountMinor: 45_000, reason: 'Paid a VA and a minimarket code for one instalment' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await refundedMessages()).toEqual([]);
    const id = asked.json().data.id;
    expect((await consoleCall(t.app, 'POST', `/refunds/${id}/approve`, { session: sessions.risk })).statusCode).toBe(200);
    // queued for the payout job: nothing has left Kilat, so nothing says it has
    expect(await refundedMessages()).toEqual([]);

    await payOutApproved(t);
    await payOutApproved(t);
    const [paid] = await t.database.db.select().from(refundPayouts).where(eq(refundPayouts.orderId, order.id));
    expect(paid!.status).toBe('processed');
    expect(await refundedMessages()).toHaveLength(1);

    const read = async (lang: 'en-IN' | 'id-ID') => {
      const response = await call(t.app, 'messages', { session: borrower, query: IN, headers: { cookie: `kilat_lang=${lang}` } });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data.list as { kind: string; title: string; text: string; orderId: string }[]).find(
        (message) => message.kind === 'refunded' && message.orderId === String(order.id),
      );
    };
    const english = await read('en-IN');
    expect(english).toMatchObject({ title: enIN.messageRefundedTitle });
    expect(english!.text).toContain(`₹450.00 you paid beyond what your loan ${order.orderNo} owed`);
    expect(english!.text).toContain(paid!.utr!);
    const indonesian = await read('id-ID');
    expect(indonesian).toMatchObject({ title: idID.messageRefundedTitle });
    expect(indonesian!.text).toContain(`pada pinjaman ${order.orderNo}`);
    expect(indonesian!.text).toContain(paid!.utr!);
  });
});

describe('a borrower whose loan was written off', () => {
  let session: Fresh;
  let order: Order;
  let productId: string;

  beforeAll(async () => {
    session = await fresh();
    await giveDisbursalAccount(t, Number(session.userId));
    productId = (await call(t.app, 'loanProducts', { session, query: IN })).json().data.list[0].productId;
    order = await makeOrder(t, { status: OrderStatus.Overdue, borrowerId: Number(session.userId) });
  });

  it('before the write-off may apply; after it is offered no loan more, no rating and no recommended loan', async () => {
    const confirmBefore = await call(t.app, 'loanConfirm', { session, query: IN, body: { productId } });
    expect(confirmBefore.statusCode, confirmBefore.body).toBe(200);

    const asked = await consoleCall(t.app, 'POST', `/orders/${order.id}/write-offs`, {
      session: sessions.risk,
      body: { reason: 'Borrower unreachable for a year' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // an overdue loan owes more than the configured amount: a second risk operator approves
    expect(asked.json().data.status).toBe('pending');
    const approved = await consoleCall(t.app, 'POST', `/write-offs/${asked.json().data.id}/approve`, { session: sessions.risk2 });
    expect(approved.statusCode, approved.body).toBe(200);

    const details = (
      await call(t.app, 'loanDetails', { session, query: IN, body: { productId: String(order.productId), orderId: String(order.id) } })
    ).json().data;
    expect(details.orderStatus).toBe(OrderStatus.Settled);
    expect(details.loanMore).toBe(0);
    expect(details.isScore).toBe('0');
    expect(details.recProducts).toEqual([]);

    const score = await call(t.app, 'storeScore', {
      session,
      query: IN,
      body: { productId: String(order.productId), orderId: String(order.id), score: '5' },
    });
    expect(score.statusCode).toBe(409);
    expect(await t.database.db.select().from(orderScores).where(eq(orderScores.orderId, order.id))).toEqual([]);
  });

  it.each([
    ['en-IN', enIN.loanRefusedWrittenOff],
    ['id-ID', idID.loanRefusedWrittenOff],
  ] as const)('is refused a new loan on the application and on loan confirm (%s), with nothing stored', async (lang, text) => {
    const headers = { cookie: `kilat_lang=${lang}` };
    const applied = await call(t.app, 'applicationSubmit', {
      session,
      query: IN,
      headers,
      body: {
        productId,
        name: 'Meera Iyer',
        salary: '45000',
        employment: 'salaried',
        city: 'Pune',
        birthDate: '1994-02-11',
      },
    });
    expect(applied.statusCode).toBe(422);
    expect(applied.json().message).toBe(text);
    expect(
      await t.database.db
        .select()
        .from(loanApplications)
        .where(eq(loanApplications.borrowerId, Number(session.userId))),
    ).toEqual([]);
    const confirm = await call(t.app, 'loanConfirm', { session, query: IN, headers, body: { productId } });
    expect(confirm.statusCode).toBe(422);
    expect(confirm.json().message).toBe(text);
    const ordersBefore = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.borrowerId, Number(session.userId)));
    const pushed = await call(t.app, 'loanPush', {
      session,
      query: IN,
      headers,
      body: { productId, amount: '500000', periods: '91', termUnit: '1' },
    });
    expect(pushed.json().message).toBe(text);
    expect(
      await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.borrowerId, Number(session.userId))),
    ).toHaveLength(ordersBefore.length);
  });
});
