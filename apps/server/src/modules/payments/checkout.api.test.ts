import { formatMoney, Market, OrderStatus, ResultCode } from '@kilat/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, payments } from '../../db/schema.js';
import { call, useTestApp } from '../../test/app.js';
import { payoffOf } from '../../test/payoff.js';

const t = useTestApp();

interface Session {
  sessionId: string;
  deviceId: string;
  userId: string;
  orders: { orderId: string; productId: string; status: number }[];
}

const freshBorrower = async (market: Market): Promise<Session> =>
  (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` })).json();
const dueSoonOf = (session: Session) => session.orders.find((entry) => entry.status === OrderStatus.DueSoon)!;
const orderNow = async (orderId: string) => {
  const { status, facts } = await t.app.orders.withStatus((await t.app.orders.repository.findById(Number(orderId)))!);
  return { status, outstandingMinor: facts.position.outstandingMinor };
};
const paymentCount = async () => (await t.database.db.select({ n: count() }).from(payments))[0]!.n;
const postingsOf = async (orderId: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, Number(orderId)))
  )[0]!.n;

/** The payment result screen of that order and a payment of it (decision 050). */
const resultLocation = (order: { productId: string; orderId: string }) =>
  new RegExp(`^/#/payResult\\?productId=${order.productId}&orderId=${order.orderId}&paymentId=RP[A-Z2-7]{20}$`);
const startCheckout = (session: Session, body: Record<string, string>) => call(t.app, 'repaymentCheckout', { session, body });
const form = (url: string) =>
  t.app.inject({ method: 'POST', url, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });

describe('repayment-huichao and the sandbox checkout page', () => {
  it('opens the hosted page with the amount; Pay posts through the webhook and goes back (303) to the payment result, the loan settled', async () => {
    const session = await freshBorrower(Market.India);
    const order = dueSoonOf(session);
    // in full: interest to today (DESIGN §4)
    const payoff = await payoffOf(t, order.orderId);
    const started = await startCheckout(session, { userId: session.userId, orderId: order.orderId, amount: String(payoff) });
    expect(started.statusCode, started.body).toBe(200);
    const { url } = started.json().data;
    expect(url).toMatch(/^\/sandbox\/checkout\/cs_[A-Z2-7]{20}$/);

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<html lang="en-IN">');
    expect(page.body).toContain('<h1>Secure payment</h1>');
    expect(page.body).toContain(formatMoney(payoff, Market.India));
    expect(page.body).toContain('Kilat');
    expect(page.body).toMatch(/<button type="submit" class="pay">Pay<\/button>/);
    expect(page.body).not.toContain('<script');

    const paid = await form(`${url}/pay`);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(resultLocation(order));
    expect(await orderNow(order.orderId)).toEqual({ status: OrderStatus.Settled, outstandingMinor: 0 });

    // paid: a second Pay posts nothing, the page says the payment is closed
    const postings = await postingsOf(order.orderId);
    expect((await form(`${url}/pay`)).statusCode).toBe(303);
    expect(await postingsOf(order.orderId)).toBe(postings);
    expect((await t.app.inject({ method: 'GET', url })).body).toContain('This payment is no longer open.');
  });

  it('speaks Indonesian for an Indonesian payment; Cancel goes back without paying and closes the payment', async () => {
    const session = await freshBorrower(Market.Indonesia);
    const order = dueSoonOf(session);
    const before = await orderNow(order.orderId);
    const postings = await postingsOf(order.orderId);
    const { url } = (await startCheckout(session, { orderId: order.orderId, amount: '1000000' })).json().data;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain('<html lang="id-ID">');
    expect(page.body).toContain('Rp\u00a010.000,00');
    expect(page.body).toContain('>Bayar</button>');
    expect(page.body).toContain('>Batal</button>');

    const cancelled = await form(`${url}/cancel`);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toMatch(resultLocation(order));
    expect(await orderNow(order.orderId)).toEqual(before);
    expect((await form(`${url}/pay`)).statusCode).toBe(303);
    expect(await postingsOf(order.orderId)).toBe(postings);
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.gatewayRef, url.split('/').at(-1)!));
    expect(payment).toMatchObject({ status: 'failed', failureReason: 'cancelled_by_borrower' });
  });

  it('refuses another borrower’s user id or order, and more than is owed, storing nothing', async () => {
    const [owner, other] = [await freshBorrower(Market.India), await freshBorrower(Market.India)];
    const order = dueSoonOf(owner);
    const before = await paymentCount();
    const wrongUser = await startCheckout(owner, { userId: other.userId, orderId: order.orderId, amount: '1000' });
    expect(wrongUser.statusCode).toBe(403);
    expect(wrongUser.json().code).toBe(ResultCode.Forbidden);
    const wrongOrder = await startCheckout(other, { orderId: order.orderId, amount: '1000' });
    expect(wrongOrder.statusCode).toBe(403);
    const tooMuch = await startCheckout(owner, { orderId: order.orderId, amount: String((await payoffOf(t, order.orderId)) + 1) });
    expect(tooMuch.statusCode).toBe(400);
    expect(await paymentCount()).toBe(before);
  });

  it('answers 404 for a checkout page that does not exist', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/checkout/cs_AAAAAAAAAAAAAAAAAAAA' })).statusCode).toBe(404);
    expect((await form('/sandbox/checkout/nope/pay')).statusCode).toBe(404);
  });
});
