import { API_PREFIX, Market, ResultCode } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { borrowers, orders } from '../../db/schema.js';
import { demoSession, useTestApp } from '../../test/app.js';
import { OtherAccounts } from '../dev/seed/demo.js';

// an order-scoped route as later modules write them: session first, then the one ownership helper
const registerOrderProbe = (app: FastifyInstance) => {
  app.post<{ Querystring: { orderId: string } }>(`${API_PREFIX}/test/order`, { onRequest: [app.authenticate] }, async (request) => {
    const order = await app.orders.requireOwned(request.borrower!.id, request.query.orderId);
    return { code: '00', message: 'success', data: { orderNo: order.orderNo } };
  });
};

const t = useTestApp({ extend: registerOrderProbe });

const probe = (session: { sessionId: string; deviceId: string }, orderId: string) =>
  t.app.inject({
    method: 'POST',
    url: `${API_PREFIX}/test/order?market=IN&deviceId=${session.deviceId}&orderId=${orderId}`,
    headers: { authorization: `Bearer ${session.sessionId}` },
  });

const otherBorrowersOrderId = async (market: Market) => {
  const [row] = await t.database.db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(borrowers, eq(borrowers.id, orders.borrowerId))
    .where(eq(borrowers.phone, OtherAccounts[market].phone))
    .limit(1);
  return String(row!.id);
};

describe('order ownership', () => {
  it('gives the borrower their own order', async () => {
    const session = await demoSession(t.app, Market.India);
    const response = await probe(session, session.orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.orderNo).toMatch(/^KLINDEMO/);
  });

  it("refuses another borrower's order with 403 and the forbidden text", async () => {
    const session = await demoSession(t.app, Market.India);
    const response = await probe(session, await otherBorrowersOrderId(Market.India));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: ResultCode.Forbidden, message: enIN.forbidden, data: null });
  });

  it('answers 404 NotFound for an order that does not exist or is not an order id', async () => {
    const session = await demoSession(t.app, Market.India);
    for (const orderId of ['987654321', 'abc', '0']) {
      const response = await probe(session, orderId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: ResultCode.NotFound, message: enIN.notFound, data: null });
    }
  });
});
