/** The complaints module (spec §2–§5): complaints of a borrower's orders, with evidence images and the operators' replies. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lending/clock.js';
import type { OrdersService } from '../orders/service.js';
import type { UploadsService } from '../uploads/service.js';
import { complaintHandlers } from './handlers.js';
import { ComplaintsRepository } from './repository.js';
import { ComplaintsService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    complaints: ComplaintsService;
  }
}

/** The complaints service; the ops commands (reply-complaint, create-operator) build it the same way. */
export const buildComplaints = (db: Db, clock: Clock, orders: OrdersService, uploads: UploadsService) =>
  new ComplaintsService(db, new ComplaintsRepository(db), orders, uploads, clock);

const complaints = async (app: FastifyInstance) => {
  const service = buildComplaints(app.database.db, app.clock, app.orders, app.uploads);
  app.decorate('complaints', service);
  app.calls.handle(complaintHandlers(service));
};

export default fp(complaints, { name: 'complaints', dependencies: ['orders', 'uploads'] });
