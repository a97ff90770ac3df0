/** The recommended-products catalogue and its events. Every method takes an optional transaction. */
import type { Market } from '@kilat/contract';
import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { jointLoginEvents, type RecommendedProductRow, recommendEvents, recommendedProducts } from '../../db/schema.js';

/** A product id of the wire (a string) as the catalogue's key; null when it cannot be one. */
export const productIdOf = (value: string): number | null => (/^\d{1,15}$/.test(value) ? Number(value) : null);

export class RecommendRepository {
  constructor(private readonly db: Db) {}

  async listForScene(market: Market, scene: string, tx: Db = this.db): Promise<RecommendedProductRow[]> {
    return tx
      .select()
      .from(recommendedProducts)
      .where(
        and(
          eq(recommendedProducts.market, market),
          eq(recommendedProducts.active, true),
          arrayContains(recommendedProducts.scenes, [scene]),
        ),
      )
      .orderBy(asc(recommendedProducts.sortOrder), asc(recommendedProducts.id));
  }

  async findProduct(market: Market, id: string, tx: Db = this.db): Promise<RecommendedProductRow | null> {
    const key = productIdOf(id);
    if (key === null) return null;
    const [row] = await tx
      .select()
      .from(recommendedProducts)
      .where(and(eq(recommendedProducts.id, key), eq(recommendedProducts.market, market), eq(recommendedProducts.active, true)))
      .limit(1);
    return row ?? null;
  }

  async insertEvent(event: typeof recommendEvents.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(recommendEvents).values(event);
  }

  async insertJointLoginEvent(event: typeof jointLoginEvents.$inferInsert, tx: Db = this.db): Promise<void> {
    await tx.insert(jointLoginEvents).values(event);
  }
}
