/** The borrower's coupons call (issue 50): thin, the service decides. */
import type { CallHandlers } from '../../http/contract-route.js';
import { messageFor } from '../../http/language.js';
import type { OrdersService } from '../orders/service.js';
import type { CouponsService } from './service.js';

export const couponsHandlers = (coupons: CouponsService, orders: OrdersService): CallHandlers => ({
  coupons: async ({ input, borrower, request }) => {
    // an order named must be the borrower's (requireOwned refuses another's)
    const state = input.orderId ? await orders.requireOwnedState(borrower.id, input.orderId) : null;
    const forRepayment = state && input.amount ? { state, amountMinor: input.amount } : null;
    return coupons.list(borrower, forRepayment, (key, values) => messageFor(request, key, values));
  },
});
