/** Builds the loan-products module: the market's products and one product's detail with its worked example. */
import type { Db } from '../../db/database.js';
import type { CallHandlers } from '../../http/contract-route.js';
import type { Clock } from '../../lending/clock.js';
import { LoansRepository } from '../loans/repository.js';
import type { ProductsService } from '../products/service.js';
import { loanProductsHandlers } from './handlers.js';
import { LoanProductsService } from './service.js';

export const loanProductsModule = ({
  db,
  clock,
  products,
}: {
  db: Db;
  clock: Clock;
  products: ProductsService;
}): { handlers: CallHandlers } => ({
  handlers: loanProductsHandlers(new LoanProductsService(products, new LoansRepository(db), clock)),
});
