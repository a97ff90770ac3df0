import { Market, OrderStatus, orderStatuses } from '@kilat/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bankCards, payments } from '../../db/schema.js';
import { call, statementsDuring, useTestApp, useTestDatabase } from '../../test/app.js';
import { DemoAccounts } from './seed/demo.js';

const database = useTestDatabase();
const dev = useTestApp({ database });
const production = useTestApp({ database, config: { nodeEnv: 'production', isProduction: true } });

describe('GET /dev/session', () => {
  it.each([Market.India, Market.Indonesia])(
    'issues a working session for the %s demo borrower, on its demo device, with an order due soon (174) and its orders in every status',
    async (market) => {
      const response = await dev.app.inject({ method: 'GET', url: `/dev/session?market=${market}` });
      expect(response.statusCode).toBe(200);
      const session = response.json();
      expect(session).toMatchObject({
        deviceId: DemoAccounts[market].deviceId,
        market,
        appVersion: '1.0.0',
        deviceName: DemoAccounts[market].deviceName,
        osVersion: DemoAccounts[market].osVersion,
      });
      expect(session.userId).toMatch(/^\d+$/);
      expect(session.productId).toMatch(/^\d+$/);

      const [order] = (await dev.app.orders.listForBorrower(Number(session.userId))).filter(
        (entry) => String(entry.order.id) === session.orderId,
      );
      expect(order?.status).toBe(OrderStatus.DueSoon);
      expect(String(order?.order.productId)).toBe(session.productId);

      const listed = new Set(session.orders.map((entry: { status: number }) => entry.status));
      for (const status of orderStatuses) expect(listed.has(status), `status ${status}`).toBe(true);

      const contact = await call(dev.app, 'contactInfo', { session, body: { overall: '30' } });
      expect(contact.statusCode).toBe(200);
    },
  );

  it('does not exist in production', async () => {
    for (const url of [
      '/dev/session?market=IN',
      `/dev/sms?phone=${DemoAccounts.IN.phone}`,
      '/dev/session?market=ID&fresh=1',
      '/dev/session?market=IN&fresh=due',
      '/dev/orders/1/ledger',
      '/dev/payments',
    ]) {
      const response = await production.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
    const pay = await production.app.inject({ method: 'POST', url: '/dev/payments/pay', payload: { vcode: '123' } });
    expect(pay.statusCode).toBe(404);
  });

  it('gives the demo borrower one bound sandbox card, kept as BIN, last 4 and a token only', async () => {
    const session = (await dev.app.inject({ method: 'GET', url: '/dev/session?market=ID' })).json();
    expect(session.phone).toBe(DemoAccounts.ID.phone);
    const cards = await dev.database.db
      .select()
      .from(bankCards)
      .where(eq(bankCards.borrowerId, Number(session.userId)));
    expect(cards).toHaveLength(1);
    expect(cards[0]).toMatchObject({ bin: '411111', last4: '1111', bankCode: 'BCA', gateway: 'sandbox', requiresOtp: true });
    expect(JSON.stringify(cards[0])).not.toContain('4111111111111111');
  });
});

describe('GET /dev/session?fresh=1', () => {
  it.each([
    [Market.India, /^\+91[6-9]\d{9}$/],
    [Market.Indonesia, /^\+628\d{10}$/],
  ])(
    'creates a new %s borrower with a phone of the market, one order in every status (and a recent loan) and one bound sandbox card',
    async (market, phone) => {
      const first = (await dev.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` })).json();
      const second = (await dev.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` })).json();
      expect(first.phone).toMatch(phone);
      expect(second.userId).not.toBe(first.userId);
      expect(second.phone).not.toBe(first.phone);
      expect(first.market).toBe(market);
      // one order in every status, and a second 170: a loan paid out 10 days ago that cannot be prepaid yet
      const statuses = first.orders.map((entry: { status: number }) => entry.status).sort();
      expect(statuses).toEqual([...orderStatuses, OrderStatus.Disbursed].sort());
      const dueSoon = first.orders.find((entry: { status: number }) => entry.status === OrderStatus.DueSoon);
      expect(first.orderId).toBe(dueSoon.orderId);
      const cards = await dev.database.db
        .select()
        .from(bankCards)
        .where(eq(bankCards.borrowerId, Number(first.userId)));
      expect(cards).toHaveLength(1);
      expect(cards[0]).toMatchObject({ bin: '411111', last4: '1111', gateway: 'sandbox' });
      const details = await call(dev.app, 'loanDetails', { session: first, body: { orderId: first.orderId, productId: first.productId } });
      expect(details.json().data.orderStatus).toBe(OrderStatus.DueSoon);
    },
  );
});

describe('a borrower who can repay everything, and an order ledger (issue 17)', () => {
  it('gives fresh=due a new borrower whose only loan is due soon, and its ledger with the disbursement', async () => {
    const session = (await dev.app.inject({ method: 'GET', url: '/dev/session?market=IN&fresh=due' })).json();
    expect(session.orders).toHaveLength(1);
    expect(session.orders[0].status).toBe(OrderStatus.DueSoon);
    expect(session.orders[0].amountDueMinor).toBeGreaterThan(0);
    const ledger = (await dev.app.inject({ method: 'GET', url: `/dev/orders/${session.orders[0].orderId}/ledger` })).json();
    expect(ledger.orderNo).toBe(session.orders[0].orderNo);
    expect(ledger.status).toBe(OrderStatus.DueSoon);
    expect(ledger.rows.map((row: { kind: string }) => row.kind)).toContain('disbursement');
  });

  it('answers 404 for the ledger of an order that does not exist', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/dev/orders/999999999/ledger' });
    expect(response.statusCode).toBe(404);
  });
});

describe('sandbox payments by hand', () => {
  const openCode = async () => {
    const session = (await dev.app.inject({ method: 'GET', url: '/dev/session?market=ID&fresh=1' })).json();
    const response = await call(dev.app, 'generateVirtualAccount', {
      session,
      body: {
        orderId: session.orderId,
        productId: session.productId,
        amount: '2500000',
        payCode: 'INDOMARET',
        pay_type: '2',
        is_default: '0',
        is_display: '1',
      },
    });
    return response.json().data as { vcode: string; cardNo: string };
  };
  const statusOf = async (publicId: string) =>
    (await dev.database.db.select().from(payments).where(eq(payments.publicId, publicId)))[0]!.status;

  it('pays an open code through the sandbox webhook and answers its status; an unknown code is 404', async () => {
    const code = await openCode();
    const paid = await dev.app.inject({ method: 'POST', url: '/dev/payments/pay', payload: { vcode: code.vcode } });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ code: '00', data: { status: 'paid' } });
    expect(await statusOf(code.cardNo)).toBe('paid');
    const unknown = await dev.app.inject({ method: 'POST', url: '/dev/payments/pay', payload: { vcode: '0000000000' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: '40400', data: null });
  });

  it('lists open codes on /dev/payments, each with a Pay button that pays it and comes back', async () => {
    const code = await openCode();
    const page = await dev.app.inject({ method: 'GET', url: '/dev/payments' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`value="${code.vcode}"`);
    const pay = await dev.app.inject({
      method: 'POST',
      url: '/dev/payments/pay',
      payload: new URLSearchParams({ vcode: code.vcode }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe('/dev/payments');
    expect(await statusOf(code.cardNo)).toBe('paid');
    expect((await dev.app.inject({ method: 'GET', url: '/dev/payments' })).body).not.toContain(`value="${code.vcode}"`);
  });
});

describe("the bench's floor routes (issue 15)", () => {
  it('answer one indexed select and one committed insert per call, and are not served in production', async () => {
    const select = await dev.app.inject({ method: 'GET', url: '/dev/floor/select' });
    expect(select.statusCode).toBe(200);
    expect(select.json()).toMatchObject({ code: '00', data: { id: expect.anything() } });

    const first = await dev.app.inject({ method: 'POST', url: '/dev/floor/insert' });
    let second: Awaited<ReturnType<typeof dev.app.inject>> | undefined;
    // the floor's table is made by the first call only: later calls are the insert and nothing else
    const creates = await statementsDuring(
      dev.database,
      async () => {
        second = await dev.app.inject({ method: 'POST', url: '/dev/floor/insert' });
      },
      (text) => text.includes('CREATE TABLE'),
    );
    expect(creates).toBe(0);
    expect(Number(second!.json().data.id)).toBe(Number(first.json().data.id) + 1);

    for (const [method, url] of [
      ['GET', '/dev/floor/select'],
      ['POST', '/dev/floor/insert'],
    ] as const) {
      expect((await production.app.inject({ method, url })).statusCode).toBe(404);
    }
  });
});
