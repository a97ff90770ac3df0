import { ConsoleCode } from '@kilat/contract/console';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../../db/schema.js';
import { StandardPricing } from '../../../lending/standard-pricing.js';
import { useTestApp } from '../../../test/app.js';
import { type ConsoleSession, consoleCall, signIn } from '../../../test/console.js';
import { seedConsoleDemo } from '../operators/seed.js';

const t = useTestApp();
type Role = 'agent' | 'supervisor' | 'risk' | 'admin';
const sessions = {} as Record<Role, ConsoleSession>;

beforeAll(async () => {
  await seedConsoleDemo(t.database.db, t.clock);
  for (const role of ['agent', 'supervisor', 'risk', 'admin'] as const) sessions[role] = await signIn(t.app, t.clock, role);
});

/** An Indonesian product within OJK's caps: Rp 1,000,000 – 5,000,000, 91 days, 0.08 % a day. */
const indonesian = (code: string, overrides: Record<string, unknown> = {}) => ({
  market: 'ID',
  code,
  name: `Kilat ${code}`,
  description: 'A test product',
  amountMinMinor: 100_000_000,
  amountMaxMinor: 500_000_000,
  amountStepMinor: 10_000_000,
  termDays: 91,
  termOptions: [91, 120],
  periods: 1,
  pricing: StandardPricing.ID,
  ...overrides,
});

const stored = async () => {
  const [[p], [a]] = await Promise.all([
    t.database.db.select({ n: count() }).from(products),
    t.database.db.select({ n: count() }).from(auditLog),
  ]);
  return { products: p!.n, audit: a!.n };
};

describe('the products screen (issue 31 item 3)', () => {
  it('is read by risk, supervisors and admins, changed by risk and admins only, and refused without a session', async () => {
    expect((await consoleCall(t.app, 'GET', '/products')).statusCode).toBe(401);
    const agent = await consoleCall(t.app, 'GET', '/products', { session: sessions.agent });
    expect(agent.statusCode).toBe(403);
    expect(agent.json().code).toBe(ConsoleCode.RoleRefused);
    const listed = await consoleCall(t.app, 'GET', '/products', { session: sessions.supervisor });
    expect(listed.statusCode).toBe(200);
    const codes = (listed.json().data as { market: string; code: string; brokenRules: string[] }[]).map((product) => product.code);
    expect(codes.length).toBeGreaterThan(0);
    const before = await stored();
    const refused = await consoleCall(t.app, 'POST', '/products', { session: sessions.supervisor, body: indonesian('by-supervisor') });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ConsoleCode.RoleRefused);
    expect(await stored()).toEqual(before);
  });

  it("refuses a product that breaks its market's rules, naming each rule, and stores nothing", async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, RegExp][] = [
      [
        indonesian('too-dear', { pricing: { ...StandardPricing.ID, dailyInterestBps: 15 } }),
        /Interest of 0\.15 % a day is above Indonesia's cap of 0\.1 % a day/,
      ],
      [
        indonesian('late-fee', { pricing: { ...StandardPricing.ID, penalty: { kind: 'daily-capped', dailyBps: 20 } } }),
        /late fee of 0\.2 % a day is above Indonesia's cap/,
      ],
      [
        indonesian('no-cap', { pricing: { ...StandardPricing.ID, totalCostCapBps: null } }),
        /cap the total cost of a loan at the principal/,
      ],
      [indonesian('short', { termDays: 30 }), /term of 30 days is outside 91 to 365 days/],
      // every term a borrower may choose is held to the rules (decision 147)
      [indonesian('long-option', { termOptions: [91, 400] }), /term of 400 days is outside 91 to 365 days/],
      [
        { ...indonesian('india-capped'), market: 'IN', amountMinMinor: 200_000, amountMaxMinor: 8_000_000, pricing: StandardPricing.ID },
        /India's products charge India's late penalty/,
      ],
      [
        { ...indonesian('india-small'), market: 'IN', amountMinMinor: 100_000, amountMaxMinor: 8_000_000, pricing: StandardPricing.IN },
        /smallest amount ₹1,000 is below the market's minimum of ₹2,000/,
      ],
    ];
    for (const [body, rule] of cases) {
      const response = await consoleCall(t.app, 'POST', '/products', { session: sessions.risk, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(rule);
    }
    // a malformed one is refused by its schema
    const malformed = await consoleCall(t.app, 'POST', '/products', { session: sessions.risk, body: indonesian('Bad Code') });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('code');
    expect(await stored()).toEqual(before);
  });

  it('adds a product not yet offered, offers it, changes it and retires it, each audited with who did it', async () => {
    const added = await consoleCall(t.app, 'POST', '/products', { session: sessions.risk, body: indonesian('kilat-test') });
    expect(added.statusCode).toBe(200);
    const product = added.json().data as { id: number; active: boolean; brokenRules: string[] };
    expect(product).toMatchObject({ active: false, brokenRules: [] });
    expect(await t.app.products.findActive('ID', product.id)).toBeNull();

    const twice = await consoleCall(t.app, 'POST', '/products', { session: sessions.admin, body: indonesian('kilat-test') });
    expect(twice.statusCode).toBe(409);

    // two adds of one code at once: one product, the other refused, nothing overwritten
    const racing = await Promise.all(
      ['Kilat Race A', 'Kilat Race B'].map((name) =>
        consoleCall(t.app, 'POST', '/products', { session: sessions.risk, body: indonesian('kilat-race', { name }) }),
      ),
    );
    expect(racing.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const winner = racing.find((response) => response.statusCode === 200)!.json().data as { name: string };
    const stored = await t.database.db.select().from(products).where(eq(products.code, 'kilat-race'));
    expect(stored.map((product) => product.name)).toEqual([winner.name]);

    const offered = await consoleCall(t.app, 'POST', `/products/${product.id}/activate`, { session: sessions.risk });
    expect(offered.json().data.active).toBe(true);
    expect((await t.app.products.findActive('ID', product.id))?.code).toBe('kilat-test');

    const recoded = await consoleCall(t.app, 'PUT', `/products/${product.id}`, {
      session: sessions.admin,
      body: indonesian('kilat-other'),
    });
    expect(recoded.statusCode).toBe(400);
    expect(recoded.json().message).toContain('market and code cannot change');
    const tooDear = await consoleCall(t.app, 'PUT', `/products/${product.id}`, {
      session: sessions.admin,
      body: indonesian('kilat-test', { pricing: { ...StandardPricing.ID, dailyInterestBps: 11 } }),
    });
    expect(tooDear.statusCode).toBe(400);
    const changed = await consoleCall(t.app, 'PUT', `/products/${product.id}`, {
      session: sessions.admin,
      body: indonesian('kilat-test', { pricing: { ...StandardPricing.ID, dailyInterestBps: 7 }, name: 'Kilat Test 2' }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Kilat Test 2', active: true, pricing: { dailyInterestBps: 7 } });

    const retired = await consoleCall(t.app, 'POST', `/products/${product.id}/retire`, { session: sessions.risk });
    expect(retired.json().data.active).toBe(false);
    expect(await t.app.products.findActive('ID', product.id)).toBeNull();

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(product.id)));
    const productAudit = audit.filter((entry) => entry.targetType === 'product');
    expect(productAudit.map((entry) => [entry.action, entry.operatorId])).toEqual([
      ['product.add', sessions.risk.operatorId],
      ['product.activate', sessions.risk.operatorId],
      ['product.change', sessions.admin.operatorId],
      ['product.retire', sessions.risk.operatorId],
    ]);
    const change = productAudit[2]!;
    expect(change.before).toMatchObject({ pricing: { dailyInterestBps: 8 } });
    expect(change.after).toMatchObject({ pricing: { dailyInterestBps: 7 } });
  });

  it('will not offer a stored product its market forbids', async () => {
    const [bad] = await t.database.db
      .insert(products)
      .values({ ...indonesian('stored-bad'), market: 'ID', active: false, pricing: { ...StandardPricing.ID, dailyInterestBps: 30 } })
      .returning();
    const listed = (await consoleCall(t.app, 'GET', '/products', { session: sessions.risk })).json().data as {
      id: number;
      brokenRules: string[];
    }[];
    expect(listed.find((product) => product.id === bad!.id)?.brokenRules.join(' ')).toMatch(/above Indonesia's cap/);
    const refused = await consoleCall(t.app, 'POST', `/products/${bad!.id}/activate`, { session: sessions.risk });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/Interest of 0\.3 % a day/);
    expect((await t.app.products.findById(bad!.id))?.active).toBe(false);
  });
});
