/** The borrower's own loans (issue 17): the main and order screens of the phone-browser app. */
import type { CallHandlers } from '../../http/contract-route.js';
import type { MyOrdersService } from './service.js';

export const myOrdersHandlers = (myOrders: MyOrdersService): CallHandlers => ({
  myOrders: async ({ borrower }) => myOrders.list(borrower),
});
