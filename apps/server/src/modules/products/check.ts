/** `npm run ops -- product-check`: every stored product against its market's rules, one line each. */
import type { ProductsService } from './service.js';

export const productCheckReport = async (products: ProductsService): Promise<{ ok: boolean; lines: string[] }> => {
  const results = await products.check();
  const lines = results.map(({ product, violations }) =>
    violations.length === 0
      ? `ok    ${product.market} ${product.code}`
      : `FAIL  ${product.market} ${product.code}: ${violations.map((violation) => `${violation.code} at ${violation.field}`).join('; ')}`,
  );
  return { ok: results.every((result) => result.violations.length === 0), lines };
};
