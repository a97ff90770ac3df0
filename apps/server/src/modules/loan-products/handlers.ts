/** Kilat's own lending products for the phone-browser app (issue 17): main lists them, product detail prices one. */
import type { LoanProduct } from '@kilat/contract/schemas';
import type { Product } from '../../db/schema.js';
import type { CallHandlers } from '../../http/contract-route.js';
import { speakerFor } from '../loans/handlers.js';
import { sessionBorrower } from '../support/session-borrower.js';
import type { LoanProductsService } from './service.js';

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

export const loanProductsHandlers = (service: LoanProductsService): CallHandlers => ({
  loanProducts: async ({ borrower }) => ({ list: await service.list(sessionBorrower(borrower).market) }),
  loanProductDetail: async ({ input, borrower, request }) => {
    const { id, market } = sessionBorrower(borrower);
    return service.detail(id, market, input.productId, speakerFor(request));
  },
});
