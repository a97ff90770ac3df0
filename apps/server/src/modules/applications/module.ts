/** Builds the applications module: the application form before loan confirm. */
import type { Db } from '../../db/database.js';
import type { CallHandlers } from '../../http/contract-route.js';
import type { Clock } from '../../lending/clock.js';
import type { ProductsService } from '../products/service.js';
import { applicationHandlers } from './handlers.js';
import { ApplicationsService } from './service.js';

export const applicationsModule = ({
  db,
  clock,
  products,
}: {
  db: Db;
  clock: Clock;
  products: ProductsService;
}): { handlers: CallHandlers } => ({
  handlers: applicationHandlers(new ApplicationsService(db, products, clock)),
});
