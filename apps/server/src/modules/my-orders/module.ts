/** Builds the my-orders module: the list of the session borrower's loans. */
import type { CallHandlers } from '../../http/contract-route.js';
import type { LoansService } from '../loans/service.js';
import type { OrdersService } from '../orders/service.js';
import type { ProductsService } from '../products/service.js';
import { myOrdersHandlers } from './handlers.js';
import { MyOrdersService } from './service.js';

export interface MyOrdersModuleDeps {
  orders: OrdersService;
  products: ProductsService;
  loans: LoansService;
}

export const myOrdersModule = ({ orders, products, loans }: MyOrdersModuleDeps): { handlers: CallHandlers } => {
  const service = new MyOrdersService({ orders, products, extensionOfferOf: (order) => loans.extensionOfferOf(order) });
  return { handlers: myOrdersHandlers(service) };
};
