/** The closure (no-dues) letter of a closed loan (issue 49, decision 224): each closure said as what it is, the borrower's own only. */
import { interpolate, Market, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema.js';
import { call, type DemoSession, demoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../test/app.js';
import { cardFlow } from '../../test/card-flow.js';
import { payoffOf } from '../../test/payoff.js';
import { closureTexts } from '../agreements/closure-letter.js';
import { postSettlementWaiver, postWriteOff } from '../ledger/posting.js';
import { SIGNATURE_HEADER, signatureHeader } from '../payments/gateways/sandbox/webhook-signature.js';
import { smsOutbox } from '../sms/outbox-table.js';

const t = useTestApp();
let india: DemoSession;
let indonesia: DemoSession;

beforeAll(async () => {
  [india, indonesia] = await Promise.all([demoSession(t.app, Market.India), demoSession(t.app, Market.Indonesia)]);
}, SETUP_TIMEOUT_MS);

const ordersOf = async (session: DemoSession, statuses: readonly OrderStatus[]) => {
  const list = await t.app.orders.listForBorrower(Number(session.userId));
  return list
    .filter((item) => statuses.includes(item.status))
    .map((entry) => ({
      body: { orderId: String(entry.order.id), productId: String(entry.order.productId) },
      order: entry.order,
      orderNo: entry.order.orderNo,
    }));
};

const OPEN = [OrderStatus.Disbursed, OrderStatus.DueSoon, OrderStatus.Overdue, OrderStatus.InstallmentPartlyPaid, OrderStatus.Extended];

/** The letter's link, asked as the borrower, and the HTML document behind it. */
const letterOf = async (session: Pick<DemoSession, 'sessionId' | 'deviceId'>, market: 'IN' | 'ID', body: Record<string, string>) => {
  const response = await call(t.app, 'loanClosureLetter', { session, query: { market }, body });
  expect(response.json().code).toBe('00');
  const { data } = response.json();
  const page = await t.app.inject({ method: 'GET', url: data.url });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  return { closure: data.closure as string, html: page.body };
};

describe('closure letter', () => {
  it('says a repaid loan is closed and nothing is owed, naming the lender, the loan, its dates and what was paid', async () => {
    const [repaid] = await ordersOf(india, [OrderStatus.Settled, OrderStatus.ClosedEarly]);
    const { closure, html } = await letterOf(india, 'IN', repaid!.body);
    expect(['repaid', 'closed_early']).toContain(closure);
    const x = closureTexts['en-IN'];
    expect(html).toContain('<html lang="en-IN"');
    expect(html).toContain(x.title);
    expect(html).toContain(repaid!.orderNo);
    expect(html).toContain(x.statements[closure as 'repaid']);
    expect(html).toContain(x.disbursedOn);
    expect(html).toContain(repaid!.order.closedOn!);
    expect(html).toContain(t.app.config.company.IN.name);
    expect(html).toContain(t.app.config.company.IN.registration);
    expect(html).toContain(t.app.config.company.IN.grievance.email);
    expect(html).not.toContain(x.statements.written_off);
  });

  it('says a written-off loan was written off in the lender’s books and is no no-dues certificate, in Indonesian', async () => {
    const [open] = await ordersOf(indonesia, OPEN);
    await t.database.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, open!.order.id)).for('update');
      await postWriteOff(tx, t.app.clock, order!, { approvalId: 900_001, operatorId: 1 });
    });
    const { closure, html } = await letterOf(indonesia, 'ID', open!.body);
    expect(closure).toBe('written_off');
    expect(html).toContain('<html lang="id-ID"');
    expect(html).toContain(closureTexts['id-ID'].statements.written_off);
    expect(html).toContain(t.app.config.company.ID.name);
    expect(html).not.toContain(closureTexts['id-ID'].statements.repaid);
  });

  it('says a loan settled by agreement was closed by a one-time settlement with the rest waived', async () => {
    const [open] = await ordersOf(india, OPEN);
    await t.database.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, open!.order.id)).for('update');
      await postSettlementWaiver(tx, t.app.clock, order!, { settlementId: 900_002, operatorId: null });
    });
    const { closure, html } = await letterOf(india, 'IN', open!.body);
    expect(closure).toBe('settled');
    expect(html).toContain(closureTexts['en-IN'].statements.settled);
    expect(html).not.toContain(closureTexts['en-IN'].statements.repaid);
  });

  it('refuses an open loan, and another borrower’s', async () => {
    const [open] = await ordersOf(india, OPEN);
    const response = await call(t.app, 'loanClosureLetter', { session: india, query: { market: 'IN' }, body: open!.body });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(enIN.loanNotClosed);
    const [repaid] = await ordersOf(india, [OrderStatus.Settled, OrderStatus.ClosedEarly]);
    const other = await call(t.app, 'loanClosureLetter', { session: indonesia, query: { market: 'ID' }, body: repaid!.body });
    expect(other.statusCode).toBe(403);
  });

  it('sends the letter’s link by SMS once when a payment closes the loan, even when the webhook comes twice', async () => {
    const flow = cardFlow(t);
    const borrower = await flow.freshBorrower(Market.Indonesia);
    const order = flow.orderIn(borrower, OrderStatus.DueSoon);
    const owed = await payoffOf(t, order.orderId);
    const opened = await call(t.app, 'generateVirtualAccount', {
      session: borrower,
      body: {
        productId: order.productId,
        orderId: order.orderId,
        amount: String(owed),
        payCode: 'BCA',
        pay_type: '1',
        is_default: '0',
        is_display: '1',
        specific_num: 'ATM',
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const publicId = opened.json().data.cardNo as string;
    const rawBody = JSON.stringify({
      id: `evt_closure_${publicId}`,
      type: 'payment.succeeded',
      gatewayRef: `va_test_${publicId}`,
      paymentRef: publicId,
      amountMinor: opened.json().data.amount,
      occurredAt: t.clock.now().toISOString(),
    });
    const deliver = () =>
      t.app.inject({
        method: 'POST',
        url: '/webhooks/payments/sandbox',
        payload: rawBody,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADER]: signatureHeader(t.config.payments.webhookSecret, rawBody, Math.floor(t.clock.now().getTime() / 1000)),
        },
      });
    expect((await Promise.all([deliver(), deliver()])).map((response) => response.statusCode)).toEqual([200, 200]);
    const sent = (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.purpose, 'closure'))).filter((row) =>
      row.body.includes(order.orderNo),
    );
    const link = `${t.config.publicBaseUrl}/closureLetter?${new URLSearchParams({ productId: order.productId, orderId: order.orderId })}`;
    expect(sent.map((row) => row.body)).toEqual([interpolate(idID.smsLoanClosed, { orderNo: order.orderNo, link })]);
    const { closure } = await letterOf(borrower, 'ID', { productId: order.productId, orderId: order.orderId });
    expect(['repaid', 'closed_early']).toContain(closure);
  });
});
