/** The products table: saved by market and code, found by id. Every method takes an optional transaction. */
import type { Market } from '@kilat/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type Product, products } from '../../db/schema.js';

export type ProductInput = typeof products.$inferInsert;

export class ProductsRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the product, or updates the one of its market and code. */
  async upsert(input: ProductInput, tx: Db = this.db): Promise<Product> {
    const { createdAt: _createdAt, ...fields } = input;
    const [row] = await tx
      .insert(products)
      .values(input)
      .onConflictDoUpdate({ target: [products.market, products.code], set: fields })
      .returning();
    return row!;
  }

  /** Inserts a new product; null when its market and code are taken, by an earlier add or one at the same moment. */
  async insertNew(input: ProductInput, tx: Db = this.db): Promise<Product | null> {
    const [row] = await tx
      .insert(products)
      .values(input)
      .onConflictDoNothing({ target: [products.market, products.code] })
      .returning();
    return row ?? null;
  }

  async findActive(market: Market, id: number, tx: Db = this.db): Promise<Product | null> {
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, id), eq(products.market, market), eq(products.active, true)))
      .limit(1);
    return row ?? null;
  }

  async findById(id: number, tx: Db = this.db): Promise<Product | null> {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
    return row ?? null;
  }

  async setActive(id: number, active: boolean, tx: Db = this.db): Promise<Product> {
    const [row] = await tx.update(products).set({ active }).where(eq(products.id, id)).returning();
    return row!;
  }

  async setLogo(id: number, logoUrl: string, tx: Db = this.db): Promise<Product> {
    const [row] = await tx.update(products).set({ logoUrl }).where(eq(products.id, id)).returning();
    return row!;
  }

  list(tx: Db = this.db): Promise<Product[]> {
    return tx.select().from(products).orderBy(asc(products.market), asc(products.sortOrder), asc(products.id));
  }
}
