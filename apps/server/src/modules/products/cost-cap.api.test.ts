/**
 * Indonesia's daily cost cap on the whole economic benefit (issue 47, defect 9; decision 234), on a
 * real database through real HTTP: interest and fees together per day of the principal, at every
 * term a borrower may choose, when a product is saved and when a loan is confirmed.
 */
import { Market } from '@kilat/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.js';
import { textIn } from '../../http/language.js';
import { call, demoSession, useTestApp } from '../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../test/console.js';
import { seedConsoleDemo } from '../console/operators/seed.js';

const t = useTestApp();
let risk: ConsoleSession;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  risk = await signIn(t.app, t.clock, 'risk');
});

const productOf = async (market: Market, code: string) => {
  const [product] = await t.database.db
    .select()
    .from(products)
    .where(and(eq(products.market, market), eq(products.code, code)));
  return product!;
};
/** The product as the products screen sends it back, with changes. */
const change = async (market: Market, code: string, changes: Record<string, unknown>) => {
  const {
    id,
    market: m,
    code: c,
    name,
    description,
    amountMinMinor,
    amountMaxMinor,
    amountStepMinor,
    termDays,
    termOptions,
    periods,
    pricing,
    sortOrder,
  } = await productOf(market, code);
  return consoleCall(t.app, 'PUT', `/products/${id}`, {
    session: risk,
    body: {
      market: m,
      code: c,
      name,
      description,
      amountMinMinor,
      amountMaxMinor,
      amountStepMinor,
      termDays,
      termOptions,
      periods,
      pricing,
      sortOrder,
      ...changes,
    },
  });
};

describe("Indonesia's cap on the economic benefit", () => {
  it('refuses Kilat Tunai at 0.08 % a day plus a 2 % fee, naming the cap and the term: 0.102 % a day over 91 days', async () => {
    const tunai = await productOf(Market.Indonesia, 'KILAT-ID-TUNAI');
    const response = await change(Market.Indonesia, 'KILAT-ID-TUNAI', {
      pricing: { ...tunai.pricing, dailyInterestBps: 8, serviceFeeBps: 200 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(
      "Over 91 days, interest and fees together cost 0.102 % of the principal a day, above Indonesia's cap on the economic benefit of 0.1 % a day (OJK",
    );
    expect((await productOf(Market.Indonesia, 'KILAT-ID-TUNAI')).pricing.serviceFeeBps).toBe(tunai.pricing.serviceFeeBps);
  });

  it("answers an edit of KILAT-ID-CICIL at 50 basis points a day with Indonesia's cap, not 'Invalid request: code'", async () => {
    const cicil = await productOf(Market.Indonesia, 'KILAT-ID-CICIL');
    const response = await change(Market.Indonesia, 'KILAT-ID-CICIL', { pricing: { ...cicil.pricing, dailyInterestBps: 50 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain("Interest of 0.5 % a day is above Indonesia's cap of 0.1 % a day (OJK).");
  });

  it('names every term a borrower may choose that breaks a rule, not only the first', async () => {
    const response = await change(Market.India, 'KILAT-IN-FLEXI', { termOptions: [30, 61] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('The term of 30 days is outside 91 to 365 days');
    expect(response.json().message).toContain('The term of 61 days is outside 91 to 365 days');
  });

  it('keeps the demo products within every rule at every term they offer', async () => {
    const report = await t.app.products.check();
    expect(report.filter((entry) => entry.violations.length > 0)).toEqual([]);
  });

  it("refuses to confirm a loan at a term whose economic benefit breaks the cap, in the borrower's language", async () => {
    const tunai = await productOf(Market.Indonesia, 'KILAT-ID-TUNAI');
    // a product stored before the rule: written as it was, past the save check
    await t.database.db
      .update(products)
      .set({ pricing: { ...tunai.pricing, serviceFeeBps: 200 } })
      .where(eq(products.id, tunai.id));
    const session = await demoSession(t.app, Market.Indonesia);
    const response = await call(t.app, 'loanPush', {
      session,
      query: { market: 'ID' },
      body: { productId: String(tunai.id), amount: String(tunai.amountMinMinor), periods: '91', termUnit: '1' },
    });
    expect(response.json().message).toBe(textIn('id-ID', 'loanAboveCostCap'));
    // over 120 days the same price is 0.0967 % a day: the term is allowed
    const longer = await call(t.app, 'loanPush', {
      session,
      query: { market: 'ID' },
      body: { productId: String(tunai.id), amount: String(tunai.amountMinMinor), periods: '120', termUnit: '1' },
    });
    expect(longer.json().message).not.toBe(textIn('id-ID', 'loanAboveCostCap'));
  });
});
