/** Builds the agreements of spec §7 (contract, contract-jump) and the agreement page behind a contract_url. */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { CallHandlers } from '../../http/contract-route.js';
import type { Clock } from '../../lending/clock.js';
import type { OrdersService } from '../orders/service.js';
import type { ProductsService } from '../products/service.js';
import { registerAgreementRoute } from './agreement.js';
import { agreementHandlers } from './handlers.js';
import { AgreementsService } from './service.js';

export interface AgreementsModuleDeps {
  db: Db;
  clock: Clock;
  orders: OrdersService;
  products: ProductsService;
}

export const agreementsModule = ({ db, clock, orders, products }: AgreementsModuleDeps) => {
  const agreements = new AgreementsService(db, clock);
  const handlers: CallHandlers = agreementHandlers(agreements, products, orders);
  const registerRoutes = (app: FastifyInstance) => registerAgreementRoute(app, { agreements, products, orders: orders.repository, clock });
  return { handlers, registerRoutes, agreements };
};
