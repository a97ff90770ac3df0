/** Test data with overrides: `await makeOrder(t, { status: OrderStatus.Overdue })`. */
import { Market, OrderStatus } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import { borrowers, type Order } from '../db/schema.js';
import { DemoAccounts, type OrderSeed, seedOrder } from '../modules/dev/seed/demo.js';
import type { TestApp } from './app.js';

export type OrderOverrides = Partial<OrderSeed>;

/**
 * A new order, by default the India demo borrower's in its due window; any field can be given.
 * It is placed in its status as the demo seed places its orders (dates, ledger, penalties), so a
 * test that changes it disturbs no other test's order.
 */
export const makeOrder = async (t: TestApp, overrides: OrderOverrides = {}): Promise<Order> => {
  const market = overrides.market ?? Market.India;
  let borrowerId = overrides.borrowerId;
  if (borrowerId === undefined) {
    const [demo] = await t.database.db
      .select({ id: borrowers.id })
      .from(borrowers)
      .where(and(eq(borrowers.market, market), eq(borrowers.phone, DemoAccounts[market].phone)));
    borrowerId = demo!.id;
  }
  const id = await seedOrder(t.database.db, t.clock, { status: OrderStatus.DueSoon, ...overrides, market, borrowerId });
  return (await t.app.orders.repository.findById(id))!;
};
