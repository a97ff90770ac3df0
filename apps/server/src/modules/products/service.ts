/**
 * Products per market (DESIGN §4): amount range, term, installments, pricing, penalty policy and
 * extension terms. Every save is checked against the market's caps first; a product that breaks
 * one is refused with every violation named, and nothing is written.
 */
import type { Market } from '@kilat/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type Product, products } from '../../db/schema.js';
import { checkProductPricing, type PricingViolation } from '../../lending/product-pricing.js';

export type ProductInput = typeof products.$inferInsert;

export class ProductPricingError extends Error {
  override name = 'ProductPricingError';

  constructor(
    readonly code: string,
    readonly violations: readonly PricingViolation[],
  ) {
    super(
      `product ${code} breaks its market's rules: ${violations.map((violation) => `${violation.code} (${violation.field})`).join(', ')}`,
    );
  }
}

/** The violations of a product as stored or about to be; none means it may be offered. */
export const productViolations = (
  product: Pick<Product, 'market' | 'amountMinMinor' | 'amountMaxMinor' | 'termDays' | 'periods' | 'pricing'>,
) =>
  checkProductPricing({
    market: product.market,
    amountMinMinor: product.amountMinMinor,
    amountMaxMinor: product.amountMaxMinor,
    termDays: product.termDays,
    periods: product.periods,
    pricing: product.pricing,
  });

/** Checks, then inserts or updates (by market and code) each product, in one transaction when given one. */
export const saveProducts = async (db: Db, inputs: readonly ProductInput[]): Promise<Product[]> => {
  for (const input of inputs) {
    const violations = productViolations({ ...input, periods: input.periods ?? 1 });
    if (violations.length > 0) throw new ProductPricingError(input.code, violations);
  }
  const saved: Product[] = [];
  for (const input of inputs) {
    const { createdAt: _createdAt, ...fields } = input;
    const [row] = await db
      .insert(products)
      .values(input)
      .onConflictDoUpdate({ target: [products.market, products.code], set: fields })
      .returning();
    saved.push(row!);
  }
  return saved;
};

export class ProductsService {
  constructor(private readonly db: Db) {}

  save(input: ProductInput, tx: Db = this.db): Promise<Product> {
    return saveProducts(tx, [input]).then((rows) => rows[0]!);
  }

  /** An active product of the borrower's market; null for anything else (another market's, an unknown id, a malformed one). */
  async findActive(market: Market, productId: string | number, tx: Db = this.db): Promise<Product | null> {
    const id = String(productId);
    if (!/^[1-9]\d{0,15}$/.test(id)) return null;
    const [row] = await tx
      .select()
      .from(products)
      .where(and(eq(products.id, Number(id)), eq(products.market, market), eq(products.active, true)))
      .limit(1);
    return row ?? null;
  }

  async findById(id: number, tx: Db = this.db): Promise<Product | null> {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
    return row ?? null;
  }

  list(tx: Db = this.db): Promise<Product[]> {
    return tx.select().from(products).orderBy(asc(products.market), asc(products.sortOrder), asc(products.id));
  }

  /** Every stored product with its violations: what `npm run ops -- product-check` prints. */
  async check(tx: Db = this.db): Promise<{ product: Product; violations: PricingViolation[] }[]> {
    return (await this.list(tx)).map((product) => ({ product, violations: productViolations(product) }));
  }
}
