/**
 * The risk desk's order page (issue 47 defect 7), through the real app and database: a rejected
 * order's timeline names its main reason as the borrower was told it, and the page lists every rule
 * the decision engine ran, in words, its money in the market's format — never JSON in minor units.
 */
import { formatMoney, Market } from '@kilat/contract';
import type { OrderPageView } from '@kilat/contract/console';
import { enIN } from '@kilat/contract/texts/en-IN';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { borrowers, products } from '../../../db/schema.js';
import { addDays } from '../../../lending/business-date.js';
import { call, type DemoSession, SETUP_TIMEOUT_MS, useTestApp } from '../../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { giveDisbursalAccount } from '../../../test/disbursal.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
let risk: ConsoleSession;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  risk = await signIn(t.app, t.clock, 'risk');
}, SETUP_TIMEOUT_MS);

/** A fresh, verified borrower earning `monthlySalaryMinor` applies for the market's first product at its smallest amount. */
const applyEarning = async (market: Market, monthlySalaryMinor: number) => {
  const borrower = (
    await t.app.inject({ method: 'GET', url: `/dev/session?market=${market}&fresh=due&identity=verified` })
  ).json() as DemoSession;
  await giveDisbursalAccount(t, Number(borrower.userId));
  await t.database.db
    .update(borrowers)
    .set({ monthlySalaryMinor })
    .where(eq(borrowers.id, Number(borrower.userId)));
  const [product] = (await t.database.db.select().from(products).where(eq(products.market, market))).sort(
    (a, b) => a.sortOrder - b.sortOrder,
  );
  const body = {
    productId: String(product!.id),
    amount: String(product!.amountMinMinor),
    periods: String(product!.termDays),
    termUnit: '1',
  };
  const response = await call(t.app, 'loanPush', { session: borrower, query: { market }, body });
  expect(response.statusCode, response.body).toBe(200);
  return Number(new URL(response.json().data.lendDetailsUrl, 'http://kilat.test').searchParams.get('orderId'));
};

const orderPage = async (orderId: number): Promise<OrderPageView> => {
  const response = await consoleCall(t.app, 'GET', `/orders/${orderId}`, { session: risk });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

describe('the order page tells why the decision engine decided', () => {
  it.each([Market.India, Market.Indonesia])(
    '%s: a rejection names its main reason on the timeline and lists each rule with what it read, in the market’s money',
    async (market) => {
      const orderId = await applyEarning(market, 100_000);
      const view = await orderPage(orderId);
      const reason = enIN.decisionReason_incomeFloor.split('{floor}')[0]!;
      const rejected = view.timeline.find((event) => event.label === 'Rejected');
      expect(rejected?.detail).toContain(reason);
      expect(rejected?.detail).toContain(`May apply again from ${addDays(t.clock.today(market), 30)}.`);
      expect(view.decision.mainReason).toContain(reason);
      const income = view.decision.rules.find((rule) => rule.rule === 'incomeFloor');
      expect(income).toEqual({
        rule: 'incomeFloor',
        label: 'Income floor',
        outcome: 'fail',
        detail: `monthly salary ${formatMoney(100_000, market)}`,
      });
      expect(view.decision.rules.map((rule) => rule.rule)).toEqual(expect.arrayContaining(['age', 'amountInRange', 'termInRange']));
      // words, never the stored JSON nor a bare amount in minor units
      for (const rule of view.decision.rules) {
        expect(rule.detail).not.toMatch(/[{}"]|Minor/);
      }
      const amount = view.decision.rules.find((rule) => rule.rule === 'amountInRange')!;
      expect(amount.detail).toMatch(/^amount .+ · minimum .+ · maximum .+$/);
    },
  );

  it('an approved order has no main reason, and still lists the rules it passed', async () => {
    const orderId = await applyEarning(Market.India, 5_000_000);
    const view = await orderPage(orderId);
    expect(view.decision.mainReason).toBe('');
    expect(view.timeline.find((event) => event.label.startsWith('Approved'))?.detail).toBe('');
    expect(view.decision.rules.find((rule) => rule.rule === 'incomeFloor')).toMatchObject({ outcome: 'pass', label: 'Income floor' });
  });
});
