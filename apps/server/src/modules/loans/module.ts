/** Builds the loans side of issue 4: products, agreements, the Loan (v3) calls, the event save and the agreement page. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { CallHandlers } from '../../http/contract-route.js';
import type { Clock } from '../../lending/clock.js';
import { registerAgreementRoute } from '../agreements/agreement.js';
import { contractHandlers } from '../agreements/handlers.js';
import { ContractsService } from '../agreements/service.js';
import { eventHandlers } from '../events/handlers.js';
import type { OrdersService } from '../orders/service.js';
import { ProductsService } from '../products/service.js';
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
}

export const loansModule = ({ db, clock, config, orders, catalogue }: LoansModuleDeps) => {
  const products = new ProductsService(db);
  const contracts = new ContractsService(db, clock);
  const repository = new LoansRepository(db);
  const loans = new LoansService({ db, clock, config, orders, products, repository, catalogue, contracts });
  const handlers: CallHandlers = {
    ...loanHandlers(loans),
    ...contractHandlers(contracts, products, orders),
    ...eventHandlers(loans),
  };
  const registerRoutes = (app: FastifyInstance) =>
    registerAgreementRoute(app, { contracts, products, orders: orders.repository, loans: repository, clock });
  return { handlers, registerRoutes, loans, products };
};
