/**
 * Products per market (DESIGN §4): amount range, term, installments, pricing, penalty policy and
 * extension terms. Every save is checked against the market's caps first; a product that breaks
 * one is refused with every violation named, and nothing is written.
 */
import type { Market } from '@kilat/contract';
import type { Db } from '../../db/database.js';
import type { Product } from '../../db/schema.js';
import { checkProductPricing, type PricingViolation } from '../../lending/product-pricing.js';
import { type ProductInput, ProductsRepository } from './repository.js';

export type { ProductInput };

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

/**
 * The violations of a product at its own term and at every term a borrower may choose (decisions 147
 * and 234): each term's own, named with the term, the product's term first; none means it may be offered.
 */
export const everyTermViolations = (
  product: Pick<Product, 'market' | 'amountMinMinor' | 'amountMaxMinor' | 'termDays' | 'pricing' | 'termOptions'> & { periods?: number },
): PricingViolation[] => {
  const found: PricingViolation[] = [];
  const seen = new Set<string>();
  for (const termDays of new Set([product.termDays, ...product.termOptions])) {
    for (const violation of productViolations({ ...product, termDays, periods: product.periods ?? 1 })) {
      // a rule of the product itself (its amounts, its penalty) is named once, not once per term
      const key = `${violation.code}:${violation.field}:${JSON.stringify(violation.actual)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ ...violation, termDays });
    }
  }
  return found;
};

/** Checks, then inserts or updates (by market and code) each product, in one transaction when given one. */
export const saveProducts = async (db: Db, inputs: readonly ProductInput[]): Promise<Product[]> => {
  for (const input of inputs) {
    const violations = everyTermViolations(input);
    if (violations.length > 0) throw new ProductPricingError(input.code, violations);
  }
  const repository = new ProductsRepository(db);
  const saved: Product[] = [];
  for (const input of inputs) saved.push(await repository.upsert(input));
  return saved;
};

export class ProductsService {
  private readonly repository: ProductsRepository;

  constructor(private readonly db: Db) {
    this.repository = new ProductsRepository(db);
  }

  save(input: ProductInput, tx: Db = this.db): Promise<Product> {
    return saveProducts(tx, [input]).then((rows) => rows[0]!);
  }

  /** Checks, then adds a new product; null when one of its market and code exists (never overwritten). */
  async add(input: ProductInput, tx: Db = this.db): Promise<Product | null> {
    const violations = everyTermViolations(input);
    if (violations.length > 0) throw new ProductPricingError(input.code, violations);
    return this.repository.insertNew(input, tx);
  }

  /** An active product of the borrower's market; null for anything else (another market's, an unknown id, a malformed one). */
  async findActive(market: Market, productId: string | number, tx: Db = this.db): Promise<Product | null> {
    const id = String(productId);
    if (!/^[1-9]\d{0,15}$/.test(id)) return null;
    return this.repository.findActive(market, Number(id), tx);
  }

  findById(id: number, tx: Db = this.db): Promise<Product | null> {
    return this.repository.findById(id, tx);
  }

  list(tx: Db = this.db): Promise<Product[]> {
    return this.repository.list(tx);
  }

  /** Offers a product to borrowers or retires it (the console checks its rules before offering it). */
  setActive(id: number, active: boolean, tx: Db = this.db): Promise<Product> {
    return this.repository.setActive(id, active, tx);
  }

  /** Sets the logo borrowers see (an uploaded one, issue 47 item 10). */
  setLogo(id: number, logoUrl: string, tx: Db = this.db): Promise<Product> {
    return this.repository.setLogo(id, logoUrl, tx);
  }

  /** Every stored product with its violations at every term it offers: what `npm run ops -- product-check` prints. */
  async check(tx: Db = this.db): Promise<{ product: Product; violations: PricingViolation[] }[]> {
    return (await this.list(tx)).map((product) => ({ product, violations: everyTermViolations(product) }));
  }
}
