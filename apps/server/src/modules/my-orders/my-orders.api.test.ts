import { Market, OrderStatus, ResultCode } from '@kilat/contract';
import type { MyOrder } from '@kilat/contract/schemas';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../test/app.js';

const t = useTestApp();

interface FreshSession {
  sessionId: string;
  deviceId: string;
  orders: { orderId: string; orderNo: string; productId: string; status: number }[];
}

const freshBorrower = async (market: Market): Promise<FreshSession> =>
  (await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=1` })).json();

const myOrders = (session: Pick<FreshSession, 'sessionId' | 'deviceId'> | undefined, market: Market) =>
  call(t.app, 'myOrders', { session, query: { market } });

const OWING: readonly number[] = [
  OrderStatus.Disbursed,
  OrderStatus.DueSoon,
  OrderStatus.Overdue,
  OrderStatus.InstallmentPartlyPaid,
  OrderStatus.Extended,
];

describe("the borrower's own loans (main and order screens)", () => {
  it.each([Market.India, Market.Indonesia])(
    'lists every loan of the %s borrower with the status loan details derives, what is owed and its dates',
    async (market) => {
      const session = await freshBorrower(market);
      const response = await myOrders(session, market);
      expect(response.statusCode).toBe(200);
      const list: MyOrder[] = response.json().data.list;
      expect(list.map((order) => order.orderId).sort()).toEqual(session.orders.map((order) => order.orderId).sort());
      for (const order of list) {
        const seeded = session.orders.find((entry) => entry.orderId === order.orderId)!;
        expect(order.orderStatus).toBe(seeded.status);
        expect(order.orderNo).toBe(seeded.orderNo);
        expect(order.productName).not.toBe('');
        expect(order.appliedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        if (OWING.includes(order.orderStatus)) {
          expect(order.amountDue).toBeGreaterThan(0);
          expect(order.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        } else {
          expect(order.amountDue).toBe(0);
        }
        if (order.orderStatus === OrderStatus.UnderReview) expect(order.dueDate).toBe('');
      }
    },
  );

  it('shows the same amount due as loan details for an overdue loan', async () => {
    const session = await freshBorrower(Market.India);
    const overdue = session.orders.find((order) => order.status === OrderStatus.Overdue)!;
    const list: MyOrder[] = (await myOrders(session, Market.India)).json().data.list;
    const details = (
      await call(t.app, 'loanDetails', {
        session,
        query: { market: Market.India },
        body: { productId: overdue.productId, orderId: overdue.orderId },
      })
    ).json().data;
    const dueRow = details.userOrderDetail.detail.find((row: { text: string }) => row.text === enIN.loanAmountDue);
    const mine = list.find((order) => order.orderId === overdue.orderId)!;
    const shown = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 })
      .format(mine.amountDue / 100)
      .replace(/[\u00a0\u202f]/g, ' ');
    expect(dueRow.value).toBe(shown);
  });

  it("never shows another borrower's loans", async () => {
    const first = await freshBorrower(Market.Indonesia);
    const second = await freshBorrower(Market.Indonesia);
    const list: MyOrder[] = (await myOrders(second, Market.Indonesia)).json().data.list;
    const firstIds = new Set(first.orders.map((order) => order.orderId));
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((order) => firstIds.has(order.orderId))).toBe(false);
  });

  it('refuses a call without a session, or with a session of another device, with 401 in the market language', async () => {
    const none = await myOrders(undefined, Market.Indonesia);
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: ResultCode.Unauthenticated, message: idID.unauthenticated, data: null });
    const session = await freshBorrower(Market.India);
    const otherDevice = await myOrders({ sessionId: session.sessionId, deviceId: 'someone-elses-phone' }, Market.India);
    expect(otherDevice.statusCode).toBe(401);
    expect(otherDevice.json().message).toBe(enIN.unauthenticated);
  });

  it('answers the same list to two calls at once and changes nothing', async () => {
    const session = await freshBorrower(Market.India);
    const [a, b] = await Promise.all([myOrders(session, Market.India), myOrders(session, Market.India)]);
    expect(a.statusCode).toBe(200);
    expect(a.json()).toEqual(b.json());
    expect((await myOrders(session, Market.India)).json()).toEqual(a.json());
  });
});
