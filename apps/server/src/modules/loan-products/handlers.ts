/** Kilat's own lending products for the phone-browser app (issue 17): main lists them, product detail prices one. */
import type { LoanProduct } from '@kilat/contract/schemas';
import type { Product } from '../../db/schema.js';
import type { CallHandlers } from '../../http/contract-route.js';
import type { ProductsService } from '../products/service.js';
import { sessionBorrower } from '../support/session-borrower.js';

export const asLoanProduct = (product: Product): LoanProduct => ({
  productId: String(product.id),
  productName: product.name,
  productLogo: product.logoUrl,
  description: product.description,
  amountMin: product.amountMinMinor,
  amountMax: product.amountMaxMinor,
  termDays: product.termDays,
  periods: product.periods,
  dailyRateBps: product.pricing.dailyInterestBps,
});

export const loanProductsHandlers = (products: ProductsService): CallHandlers => ({
  loanProducts: async ({ borrower }) => {
    const { market } = sessionBorrower(borrower);
    const list = (await products.list()).filter((product) => product.market === market && product.active);
    return { list: list.map(asLoanProduct) };
  },
});
