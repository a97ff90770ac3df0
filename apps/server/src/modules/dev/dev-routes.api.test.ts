import { Market, OrderStatus, orderStatuses } from '@kilat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoAccounts } from '../../db/seed.js';
import { buildTestApp, call, openTestDatabase, SETUP_TIMEOUT_MS, type TestApp, type TestDatabase } from '../../test/app.js';

let dev: TestApp;
let production: TestApp;
let database: TestDatabase;

beforeAll(async () => {
  database = await openTestDatabase();
  dev = await buildTestApp({ database });
  production = await buildTestApp({ database, config: { nodeEnv: 'production', isProduction: true } });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await Promise.all([dev.close(), production.close()]);
  await database.dispose();
}, SETUP_TIMEOUT_MS);

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

      const [order] = (await dev.app.services.orders.listForBorrower(Number(session.userId))).filter(
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
    for (const url of ['/dev/session?market=IN', `/dev/sms?phone=${DemoAccounts.IN.phone}`]) {
      const response = await production.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
    }
  });
});
