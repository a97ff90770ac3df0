/** Builds the loans side of issue 4: the Loan (v3) calls and the event save. */
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { CallHandlers } from '../../http/contract-route.js';
import type { Clock } from '../../lending/clock.js';
import type { AgreementsService } from '../agreements/service.js';
import type { OrdersService } from '../orders/service.js';
import type { ProductsService } from '../products/service.js';
import type { RecommendRepository } from '../recommend/repository.js';
import { loanHandlers } from './handlers.js';
import { LoansRepository } from './repository.js';
import { LoansService } from './service.js';

export interface LoansModuleDeps {
  db: Db;
  clock: Clock;
  config: Config;
  orders: OrdersService;
  catalogue: RecommendRepository;
  products: ProductsService;
  agreements: AgreementsService;
}

export const loansModule = ({ db, clock, config, orders, catalogue, products, agreements }: LoansModuleDeps) => {
  const repository = new LoansRepository(db);
  const loans = new LoansService({ db, clock, config, orders, products, repository, catalogue, agreements });
  const handlers: CallHandlers = loanHandlers(loans);
  return { handlers, loans };
};
