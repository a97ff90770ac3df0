/** What closing an order costs today — interest to the day (DESIGN §4) — the amount a test pays "in full". */
import { quoteOf } from '../modules/ledger/replay.js';
import type { TestApp } from './app.js';

export const payoffOf = async (t: Pick<TestApp, 'app' | 'clock'>, orderId: string | number): Promise<number> => {
  const order = (await t.app.orders.repository.findById(Number(orderId)))!;
  const { replay } = await t.app.orders.withStatus(order);
  return quoteOf(order, replay, t.clock.today(order.market))!.payoffMinor;
};
