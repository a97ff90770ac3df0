/** The recommended-products catalogue and its events. Every method takes an optional transaction. */
import type { Market } from '@kilat/contract';
import { and, arrayContains, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import {
  jointLoginEvents,
  type RecommendedProductRow,
  type RecommendSceneRow,
  recommendEvents,
  recommendedProducts,
  recommendScenes,
} from '../../db/schema.js';
import { moduleIdForScene } from './module-id.js';

export type CatalogueProductInput = Omit<typeof recommendedProducts.$inferInsert, 'id' | 'createdAt'>;

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

  /** The scene's module id: its row's (set on the console, decision 167), else the name rule of spec §9. */
  async moduleIdOf(scene: string, tx: Db = this.db): Promise<number> {
    const [row] = await tx
      .select({ moduleId: recommendScenes.moduleId })
      .from(recommendScenes)
      .where(eq(recommendScenes.scene, scene))
      .limit(1);
    return row?.moduleId ?? moduleIdForScene(scene);
  }

  async listScenes(tx: Db = this.db): Promise<RecommendSceneRow[]> {
    return tx.select().from(recommendScenes).orderBy(asc(recommendScenes.scene));
  }

  async findScene(scene: string, tx: Db = this.db): Promise<RecommendSceneRow | null> {
    const [row] = await tx.select().from(recommendScenes).where(eq(recommendScenes.scene, scene)).limit(1);
    return row ?? null;
  }

  async saveScene(scene: { scene: string; moduleId: number; description: string }, tx: Db = this.db): Promise<RecommendSceneRow> {
    const [row] = await tx
      .insert(recommendScenes)
      .values(scene)
      .onConflictDoUpdate({ target: recommendScenes.scene, set: { moduleId: scene.moduleId, description: scene.description } })
      .returning();
    return row!;
  }

  /** Every product of both markets, shown or not, for the console. */
  async listAll(tx: Db = this.db): Promise<RecommendedProductRow[]> {
    return tx
      .select()
      .from(recommendedProducts)
      .orderBy(asc(recommendedProducts.market), asc(recommendedProducts.sortOrder), asc(recommendedProducts.id));
  }

  /** A product by its id, shown or not; locked for the change that reads it. */
  async findById(id: number, tx: Db = this.db): Promise<RecommendedProductRow | null> {
    const [row] = await tx.select().from(recommendedProducts).where(eq(recommendedProducts.id, id)).limit(1).for('update');
    return row ?? null;
  }

  /** Adds a product; null when its market already has one of that code (the unique key decides). */
  async addProduct(product: CatalogueProductInput, tx: Db = this.db): Promise<RecommendedProductRow | null> {
    const rows = await tx.insert(recommendedProducts).values(product).onConflictDoNothing().returning();
    return rows[0] ?? null;
  }

  async changeProduct(id: number, product: CatalogueProductInput, tx: Db = this.db): Promise<RecommendedProductRow> {
    const [row] = await tx.update(recommendedProducts).set(product).where(eq(recommendedProducts.id, id)).returning();
    return row!;
  }
}
