/**
 * The console's search (issue 47 defect 8, decision 236), through the real app and database: any
 * word of a name, in any order and case; an order number typed in lower case; a phone's last four.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { borrowers, orders } from '../../../db/schema.js';
import { SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { DemoAccounts } from '../../dev/seed/demo.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
let agent: ConsoleSession;

type Found = { id: number; name: string; matched: string[] };
const search = async (q: string, market?: 'IN' | 'ID'): Promise<Found[]> => {
  const response = await consoleCall(t.app, 'GET', `/borrowers?q=${encodeURIComponent(q)}${market ? `&market=${market}` : ''}`, {
    session: agent,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.items;
};
const demo = async (market: 'IN' | 'ID') =>
  (
    await t.database.db
      .select()
      .from(borrowers)
      .where(and(eq(borrowers.market, market), eq(borrowers.phone, DemoAccounts[market].phone)))
  )[0]!;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  agent = await signIn(t.app, t.clock, 'agent');
}, SETUP_TIMEOUT_MS);

describe('search by any part of a name, an order number in any case, a phone’s last four', () => {
  it('finds "Aarav Sharma" by the surname alone, in any case', async () => {
    const sharma = await demo('IN');
    expect(sharma.name).toBe('Aarav Sharma');
    for (const q of ['Sharma', 'sharma', 'SHAR']) {
      expect(await search(q), q).toContainEqual(expect.objectContaining({ id: sharma.id, matched: ['name'] }));
    }
  });

  it('finds "Siti Rahayu" by "Rahayu Siti": every word, in any order, and not by a word she lacks', async () => {
    const siti = await demo('ID');
    expect(siti.name).toBe('Siti Rahayu');
    expect(await search('Rahayu Siti')).toContainEqual(expect.objectContaining({ id: siti.id, matched: ['name'] }));
    expect(await search('rahayu  siti')).toContainEqual(expect.objectContaining({ id: siti.id }));
    expect((await search('Rahayu Budi')).map((item) => item.id)).not.toContain(siti.id);
    // a word's middle is not a word's start
    expect((await search('ahayu')).map((item) => item.id)).not.toContain(siti.id);
  });

  it('finds an order number typed in lower case', async () => {
    const aarav = await demo('IN');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.borrowerId, aarav.id)).limit(1);
    expect(order!.orderNo).toMatch(/^[A-Z0-9]+$/);
    expect(await search(order!.orderNo.toLowerCase())).toEqual([expect.objectContaining({ id: aarav.id, matched: ['orderNo'] })]);
  });

  it('finds a borrower by the last four digits of the phone, in the market asked for', async () => {
    const [lastFour] = await t.database.db
      .insert(borrowers)
      .values({ market: 'ID', phone: '+6281299958317', name: 'Last Four' })
      .returning({ id: borrowers.id });
    expect(await search('8317')).toContainEqual(expect.objectContaining({ id: lastFour!.id, matched: ['phone'] }));
    expect((await search('8317', 'IN')).map((item) => item.id)).not.toContain(lastFour!.id);
    expect((await search('8318')).map((item) => item.id)).not.toContain(lastFour!.id);
  });
});
