/** The products screen's calls under /console/api (issue 31 item 3): read by risk, supervisors and admins, changed by risk and admins. */
import { IdParamsSchema, ProductRequestSchema } from '@kilat/contract/console';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteHelpers } from '../shared/api.js';
import type { ProductDesk } from './products-desk.js';

export const registerProductRoutes = (scope: FastifyInstance, products: ProductDesk, { guard, actor, doc, ok }: RouteHelpers) => {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/products',
    { schema: doc('Every product of both markets, with the rules each breaks'), onRequest: guard('products.read') },
    async () => ok(await products.list()),
  );
  routes.post(
    '/products',
    {
      schema: { ...doc('Add a product (not yet offered); refused naming each market rule it breaks'), body: ProductRequestSchema },
      onRequest: guard('products.write'),
    },
    async (request) => ok(await products.save(actor(request), null, request.body)),
  );
  routes.put(
    '/products/:id',
    {
      schema: {
        ...doc('Change a product; its market and code stay; refused naming each rule it breaks'),
        params: IdParamsSchema,
        body: ProductRequestSchema,
      },
      onRequest: guard('products.write'),
    },
    async (request) => ok(await products.save(actor(request), request.params.id, request.body)),
  );
  routes.post(
    '/products/:id/activate',
    {
      schema: { ...doc('Offer a product to borrowers (only one its market allows)'), params: IdParamsSchema },
      onRequest: guard('products.write'),
    },
    async (request) => ok(await products.setActive(actor(request), request.params.id, true)),
  );
  routes.post(
    '/products/:id/retire',
    {
      schema: { ...doc('Stop offering a product; its loans keep their terms'), params: IdParamsSchema },
      onRequest: guard('products.write'),
    },
    async (request) => ok(await products.setActive(actor(request), request.params.id, false)),
  );
};
