/**
 * The products screen's service (issue 31 item 3): list, add, change, offer and retire products of
 * both markets. Every save and every activation goes through the market's pricing check
 * (lending/product-pricing.ts, the one the seed and `ops product-check` use); a product that breaks
 * a rule is refused with each broken rule named, and nothing is written. Each change is audited in
 * its own transaction. A loan keeps the pricing it was made with (orders.pricing), so a change
 * reaches new loans only.
 */
import { ProductLogoLimits, type ProductRequest, type ProductView } from '@kilat/contract/console';
import type { Db } from '../../../db/database.js';
import type { Product } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import type { PricingViolation } from '../../../lending/product-pricing.js';
import { everyTermViolations, ProductPricingError, type ProductsService } from '../../products/service.js';
import { productLogoUrlOf, type ReencodedImage, type UploadsService } from '../../uploads/service.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { Actor } from '../shared/session.js';

const money = (market: string, minor: unknown) =>
  typeof minor === 'number' ? `${market === 'IN' ? '₹' : 'Rp '}${(minor / 100).toLocaleString('en')}` : String(minor);
const percent = (bps: unknown) => (typeof bps === 'number' ? `${bps / 100} %` : String(bps));

/** A broken rule in the words an operator reads: what is wrong, with the value found and the limit. */
export const ruleInWords = (market: string, { code, field, actual, limit, termDays }: PricingViolation): string => {
  switch (code) {
    case 'unknown-market':
      return `The market must be India (IN) or Indonesia (ID), not ${String(actual)}.`;
    case 'amount-not-whole-minor-units':
      return `${field}: amounts are whole minor units (found ${String(actual)}).`;
    case 'amount-below-market-minimum':
      return `The smallest amount ${money(market, actual)} is below the market's minimum of ${money(market, limit)} (spec §1).`;
    case 'amount-above-market-maximum':
      return `The largest amount ${money(market, actual)} is above the market's maximum of ${money(market, limit)} (spec §1).`;
    case 'amount-range-inverted':
      return 'The smallest amount is larger than the largest.';
    case 'term-out-of-range':
      return `The term of ${String(actual)} days is outside 91 to 365 days (spec §9).`;
    case 'periods-invalid':
      return `The number of instalments must be from 1 to the term's number of days (found ${String(actual)}).`;
    case 'rate-not-whole-bps':
      return `${field}: rates are whole basis points (found ${String(actual)}).`;
    case 'extension-days-invalid':
      return `The extension must move the due date by at least one day (found ${String(actual)}).`;
    case 'penalty-policy-not-india':
      return "India's products charge India's late penalty (spec §9): Rs.1,000 / Rs.800 on the first overdue day, then 5 %, 4 % and 2 % a day.";
    case 'penalty-flat-fee-not-india':
      return "India's first-day late fee is Rs.1,000 for a new client and Rs.800 for a repeat client (spec §9).";
    case 'penalty-tiers-not-india':
      return "India's daily penalty tiers are 5 % (days 1–30), 4 % (31–90) and 2 % (91 on) of the overdue principal (spec §9).";
    case 'penalty-policy-not-daily-capped':
      return "Indonesia's late fee is a daily rate capped by OJK, not India's tiered penalty.";
    case 'interest-above-daily-cap':
      return `Interest of ${percent(actual)} a day is above Indonesia's cap of ${percent(limit)} a day (OJK).`;
    case 'economic-benefit-above-daily-cap':
      return `Over ${String(termDays)} days, interest and fees together cost ${percent(actual)} of the principal a day, above Indonesia's cap on the economic benefit of ${percent(limit)} a day (OJK, SEOJK 19/SEOJK.05/2023; Kilat's policy).`;
    case 'late-fee-above-daily-cap':
      return `A late fee of ${percent(actual)} a day is above Indonesia's cap of ${percent(limit)} a day (OJK).`;
    case 'total-cost-cap-missing':
      return "Indonesia's products cap the total cost of a loan at the principal (OJK): set the total cost cap.";
    case 'total-cost-cap-above-market':
      return `A total cost cap of ${percent(actual)} is above Indonesia's ${percent(limit)} of the principal (OJK).`;
    case 'total-cost-above-cap':
      return `The loan's interest and fees (${percent(actual)} of the principal) exceed its total cost cap of ${percent(limit)}.`;
  }
};

const refusal = (market: string, violations: readonly PricingViolation[]) =>
  new ConsoleError(
    '40000',
    `The product breaks its market's rules: ${violations.map((violation) => ruleInWords(market, violation)).join(' ')}`,
    400,
  );

const logoRefusal = (message: string, httpStatus: number) => new ConsoleError('40000', message, httpStatus);

export const productView = (product: Product): ProductView => ({
  id: product.id,
  market: product.market,
  code: product.code,
  name: product.name,
  description: product.description,
  amountMinMinor: product.amountMinMinor,
  amountMaxMinor: product.amountMaxMinor,
  amountStepMinor: product.amountStepMinor,
  termDays: product.termDays,
  termOptions: product.termOptions,
  periods: product.periods,
  pricing: product.pricing as ProductView['pricing'],
  active: product.active,
  sortOrder: product.sortOrder,
  logoUrl: product.logoUrl,
  brokenRules: everyTermViolations(product).map((violation) => ruleInWords(product.market, violation)),
});

export class ProductDesk {
  constructor(
    private readonly db: Db,
    private readonly products: ProductsService,
    private readonly audit: AuditLog,
    private readonly uploads: UploadsService,
  ) {}

  /** A logo file checked by its bytes (PNG, JPEG or WebP), its size and its sides, re-encoded without metadata; each refusal says what is wrong. */
  private async checkedLogo(input: Buffer): Promise<ReencodedImage> {
    const { maxBytes, minSide, maxSide } = ProductLogoLimits;
    if (input.length === 0) throw logoRefusal('Choose an image file for the logo.', 400);
    if (input.length > maxBytes) {
      throw logoRefusal(`The logo is ${Math.ceil(input.length / 1024)} KB; a logo may be at most ${maxBytes / 1024} KB.`, 413);
    }
    let image: ReencodedImage;
    try {
      image = await this.uploads.reencode(input);
    } catch (error) {
      if (error instanceof AppError)
        throw logoRefusal('The logo must be a PNG, JPEG or WebP image (checked by its content, not its name).', 415);
      throw error;
    }
    const { width, height } = image;
    if (Math.min(width, height) < minSide || Math.max(width, height) > maxSide) {
      throw logoRefusal(`The logo is ${width} × ${height} pixels; each side must be from ${minSide} to ${maxSide} pixels.`, 400);
    }
    return image;
  }

  /**
   * Uploads a product's logo (issue 47 item 10, decision 284): stored in the object store with a row
   * in uploads, shown to borrowers at its public address instead of the default, audited with the
   * logo before and after.
   */
  async uploadLogo(actor: Actor, id: number, input: Buffer): Promise<ProductView> {
    if (!(await this.products.findById(id))) throw ConsoleError.notFound();
    const image = await this.checkedLogo(input);
    const { upload } = await this.uploads.keep(image, null, 'logo');
    return this.db.transaction(async (tx) => {
      const before = await this.products.findById(id, tx);
      if (!before) throw ConsoleError.notFound();
      const saved = await this.products.setLogo(id, productLogoUrlOf(upload.name), tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'product.logo',
        targetType: 'product',
        targetId: id,
        before: { logoUrl: before.logoUrl },
        after: { logoUrl: saved.logoUrl, contentType: upload.contentType, bytes: upload.bytes, width: upload.width, height: upload.height },
        requestId: actor.requestId,
      });
      return productView(saved);
    });
  }

  async list(): Promise<ProductView[]> {
    return (await this.products.list()).map(productView);
  }

  /** Adds a product (id null) or changes one; its market and code stay what they were. */
  async save(actor: Actor, id: number | null, request: ProductRequest): Promise<ProductView> {
    const input = {
      market: request.market,
      code: request.code,
      name: request.name,
      description: request.description ?? '',
      amountMinMinor: request.amountMinMinor,
      amountMaxMinor: request.amountMaxMinor,
      amountStepMinor: request.amountStepMinor,
      termDays: request.termDays,
      // the product's own term is always one a borrower may choose
      termOptions: [...new Set([request.termDays, ...request.termOptions])].sort((a, b) => a - b),
      periods: request.periods,
      pricing: request.pricing,
      sortOrder: request.sortOrder ?? 0,
    };
    return this.db.transaction(async (tx) => {
      const before = id === null ? null : await this.products.findById(id, tx);
      if (id !== null && !before) throw ConsoleError.notFound();
      if (before && (before.market !== input.market || before.code !== input.code)) {
        throw ConsoleError.invalid('market and code cannot change once a product exists');
      }
      // one check of the market's rules, in the products module; an add never overwrites a product of the same code
      const saved = await (before
        ? this.products.save({ ...input, active: before.active }, tx)
        : this.products.add({ ...input, active: false }, tx)
      ).catch((error: unknown) => {
        if (error instanceof ProductPricingError) throw refusal(input.market, error.violations);
        throw error;
      });
      if (!saved) throw ConsoleError.conflict(`A product ${input.code} already exists in ${input.market}.`);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: before ? 'product.change' : 'product.add',
        targetType: 'product',
        targetId: saved.id,
        before: before ? productView(before) : null,
        after: productView(saved),
        requestId: actor.requestId,
      });
      return productView(saved);
    });
  }

  /** Offers a product to borrowers (only one its market's rules allow) or retires it; loans already made keep theirs. */
  async setActive(actor: Actor, id: number, active: boolean): Promise<ProductView> {
    return this.db.transaction(async (tx) => {
      const product = await this.products.findById(id, tx);
      if (!product) throw ConsoleError.notFound();
      if (active) {
        const violations = everyTermViolations(product);
        if (violations.length > 0) throw refusal(product.market, violations);
      }
      const saved = await this.products.setActive(id, active, tx);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: active ? 'product.activate' : 'product.retire',
        targetType: 'product',
        targetId: id,
        before: { active: product.active },
        after: { active },
        requestId: actor.requestId,
      });
      return productView(saved);
    });
  }
}
