/** Kilat's own lending products for the phone-browser app (issue 17): main lists them, product detail prices one. */
import type { CallHandlers } from '../../http/contract-route.js';
import { speakerFor } from '../loans/handlers.js';
import type { LoanProductsService } from './service.js';

export const loanProductsHandlers = (service: LoanProductsService): CallHandlers => ({
  loanProducts: async ({ borrower }) => ({ list: await service.list(borrower.market) }),
  loanProductDetail: async ({ input, borrower, request }) => {
    const { id, market } = borrower;
    return service.detail(id, market, input.productId, speakerFor(request));
  },
});
