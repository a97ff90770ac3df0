/** The products screen's catalogue and landing-template calls under /console/api (decision 167): read as products are read, changed by who changes products. */
import {
  CatalogueProductRequestSchema,
  IdParamsSchema,
  LandingTemplateParamsSchema,
  LandingTemplateRequestSchema,
  RecommendSceneRequestSchema,
  SceneParamsSchema,
} from '@kilat/contract/console';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleRoom, RouteHelpers } from '../shared/api.js';
import type { CatalogueDesk } from './catalogue-desk.js';
import type { LandingDesk } from './landing-desk.js';
import { registerProductRoutes } from './product-routes.js';
import type { ProductDesk } from './products-desk.js';

export interface CatalogueDesks {
  products: ProductDesk;
  catalogue: CatalogueDesk;
  landing: LandingDesk;
}

const registerCatalogueRoutes = (
  scope: FastifyInstance,
  { catalogue, landing }: CatalogueDesks,
  { guard, actor, doc, ok }: RouteHelpers,
) => {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/catalogue',
    {
      schema: doc('The recommended-products catalogue: its scenes with their module ids, its products with scenes and button status'),
      onRequest: guard('products.read'),
    },
    async () => ok(await catalogue.view()),
  );
  routes.put(
    '/catalogue/scenes/:id',
    {
      schema: {
        ...doc('Add a scene or set its module id (spec §9); refused naming the rule it breaks'),
        params: SceneParamsSchema,
        body: RecommendSceneRequestSchema,
      },
      onRequest: guard('products.write'),
    },
    async (request) => ok(await catalogue.saveScene(actor(request), request.params.id, request.body)),
  );
  routes.post(
    '/catalogue/products',
    {
      schema: { ...doc('Add a product to the catalogue; refused naming each rule it breaks'), body: CatalogueProductRequestSchema },
      onRequest: guard('products.write'),
    },
    async (request) => ok(await catalogue.saveProduct(actor(request), null, request.body)),
  );
  routes.put(
    '/catalogue/products/:id',
    {
      schema: {
        ...doc('Change a catalogue product: scenes, button status, texts; its market and code stay'),
        params: IdParamsSchema,
        body: CatalogueProductRequestSchema,
      },
      onRequest: guard('products.write'),
    },
    async (request) => ok(await catalogue.saveProduct(actor(request), request.params.id, request.body)),
  );
  routes.get('/landing-templates', { schema: doc('Every landing template of both markets'), onRequest: guard('products.read') }, async () =>
    ok(await landing.list()),
  );
  routes.post(
    '/landing-templates',
    {
      schema: { ...doc('Add a landing template; refused naming each rule it breaks'), body: LandingTemplateRequestSchema },
      onRequest: guard('products.write'),
    },
    async (request) => ok(await landing.save(actor(request), null, request.body)),
  );
  routes.put(
    '/landing-templates/:id',
    {
      schema: {
        ...doc('Change a landing template; its id and market stay; refused naming each rule it breaks'),
        params: LandingTemplateParamsSchema,
        body: LandingTemplateRequestSchema,
      },
      onRequest: guard('products.write'),
    },
    async (request) => ok(await landing.save(actor(request), request.params.id, request.body)),
  );
};

/** The catalogue room: the products screen's products, recommended catalogue and landing templates (decisions 160, 167). */
export const catalogueRoom =
  (desks: CatalogueDesks): ConsoleRoom =>
  (scope, helpers) => {
    registerProductRoutes(scope, desks.products, helpers);
    registerCatalogueRoutes(scope, desks, helpers);
  };
