import { Market, MarketTerms, OrderStatus, orderStatuses } from '@kilat/contract';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openText } from '../crypto.js';
import { systemClock } from '../lending/clock.js';
import { DemoAccounts, hasBorrowers, OtherAccounts, seedDemo, seedKeysOf, seedReferenceData } from '../modules/dev/seed/demo.js';
import { identityOf } from '../modules/identity/identity-of.js';
import { identityChecks } from '../modules/identity/table.js';
import { OrdersRepository } from '../modules/orders/repository.js';
import { OrdersService } from '../modules/orders/service.js';
import { testConfig, useTestDatabase } from '../test/app.js';
import { listMigrations, migrate } from './migrate.js';
import { borrowers, landingTemplates, problemTypes, products, qaNodes, recommendedProducts } from './schema.js';

const test = useTestDatabase();

describe('migrations', () => {
  it('apply every file once, and running them again applies nothing', async () => {
    const files = (await listMigrations()).map((file) => file.name);
    expect(files.length).toBeGreaterThan(0);
    expect(await migrate(test.database)).toEqual(files);
    expect(await migrate(test.database)).toEqual([]);
    const [row] = await test.database.rawTransaction((tx) => tx.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations'));
    expect(row?.n).toBe(files.length);
  });
});

describe('reference data', () => {
  it('gives every environment, production included, problem types, the chatbot tree, landing templates and the recommended catalogue, once', async () => {
    const rows = async () => {
      const db = test.database.db;
      const n = async (table: typeof problemTypes | typeof qaNodes | typeof landingTemplates | typeof recommendedProducts) =>
        (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
      return [await n(problemTypes), await n(qaNodes), await n(landingTemplates), await n(recommendedProducts)];
    };
    await seedReferenceData(test.database.db);
    const first = await rows();
    for (const n of first) expect(n).toBeGreaterThan(0);
    await seedReferenceData(test.database.db);
    expect(await rows()).toEqual(first);
    expect(await hasBorrowers(test.database.db)).toBe(false);
  });
});

describe('the demo seed', () => {
  it('adds borrowers, products and orders once, and leaves a database with borrowers alone', async () => {
    expect(await hasBorrowers(test.database.db)).toBe(false);
    expect((await seedDemo(test.database.db, systemClock, seedKeysOf(testConfig()))).seeded).toBe(true);
    expect(await seedDemo(test.database.db, systemClock, seedKeysOf(testConfig()))).toEqual({ seeded: false, orders: 0 });
  });

  it.each([Market.India, Market.Indonesia])('gives the %s demo borrower an order in every status code of DESIGN §4', async (market) => {
    const service = new OrdersService(new OrdersRepository(test.database.db), systemClock);
    const all = await test.database.db.select().from(borrowers);
    const demo = all.find((borrower) => borrower.market === market && borrower.phone === DemoAccounts[market].phone)!;
    const statuses = (await service.listForBorrower(demo.id)).map((entry) => entry.status);
    expect([...statuses].sort()).toEqual([...orderStatuses].sort());
    const other = all.find((borrower) => borrower.market === market && borrower.phone === OtherAccounts[market].phone)!;
    expect((await service.listForBorrower(other.id)).map((entry) => entry.status)).toEqual([OrderStatus.DueSoon]);
  });

  it('identifies every demo borrower with a verified sandbox identity, sealed, and gives one back to a database seeded before', async () => {
    const phones = [Market.India, Market.Indonesia].flatMap((market) => [DemoAccounts[market].phone, OtherAccounts[market].phone]);
    const demos = (await test.database.db.select().from(borrowers)).filter((borrower) => phones.includes(borrower.phone));
    expect(demos).toHaveLength(4);
    for (const borrower of demos) {
      expect(await identityOf(test.database.db, borrower.id)).toMatchObject({
        status: 'verified',
        name: borrower.name.toUpperCase(),
        birthDate: borrower.statedBirthDate,
      });
    }
    const [check] = await test.database.db.select().from(identityChecks).where(eq(identityChecks.borrowerId, demos[0]!.id));
    expect(openText(testConfig().disbursalAccounts.encryptionKey, check!.numberSealed)).toMatch(/^(ABCPS1234K|3174055204900001)$/);
    // a database seeded before the identity rule: its demo borrowers get theirs at the next seed, once
    await test.database.db.delete(identityChecks).where(eq(identityChecks.borrowerId, demos[0]!.id));
    expect(await seedDemo(test.database.db, systemClock, seedKeysOf(testConfig()))).toEqual({ seeded: false, orders: 0 });
    await seedDemo(test.database.db, systemClock, seedKeysOf(testConfig()));
    expect((await identityOf(test.database.db, demos[0]!.id)).status).toBe('verified');
    expect(await test.database.db.select().from(identityChecks).where(eq(identityChecks.borrowerId, demos[0]!.id))).toHaveLength(1);
  });

  it('offers products within the market ranges of spec §1 and loan terms of 91 to 365 days', async () => {
    const rows = await test.database.db.select().from(products);
    expect(new Set(rows.map((product) => product.market))).toEqual(new Set([Market.India, Market.Indonesia]));
    for (const product of rows) {
      expect(product.amountMinMinor).toBe(MarketTerms[product.market].amountMinMinor);
      expect(product.amountMaxMinor).toBe(MarketTerms[product.market].amountMaxMinor);
      expect(product.termDays).toBeGreaterThanOrEqual(91);
      expect(product.termDays).toBeLessThanOrEqual(365);
    }
    // Indonesia's regulator caps the daily rate at 0.1 %
    for (const product of rows.filter((p) => p.market === Market.Indonesia))
      expect(product.pricing.dailyInterestBps).toBeLessThanOrEqual(10);
  });
});
