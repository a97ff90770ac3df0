import { Market, MarketTerms, OrderStatus, orderStatuses } from '@kilat/contract';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../lending/clock.js';
import { DemoAccounts, hasBorrowers, OtherAccounts, seedDemo, seedKeysOf, seedReferenceData } from '../modules/dev/seed/demo.js';
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
