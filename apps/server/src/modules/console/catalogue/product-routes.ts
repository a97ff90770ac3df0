/** The products screen's calls under /console/api (issue 31 item 3): read by risk, supervisors and admins, changed by risk and admins. */
import { IdParamsSchema, PRODUCT_LOGO_FIELD, ProductLogoLimits, ProductRequestSchema } from '@kilat/contract/console';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { withFileUploads } from '../../../http/file-uploads.js';
import type { RouteHelpers } from '../shared/api.js';
import { ConsoleError } from '../shared/console-error.js';
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
  // a product's logo (issue 47 item 10): the one file part named `logo`, parsed only here (decision 169)
  void withFileUploads(scope, (files) =>
    files.withTypeProvider<ZodTypeProvider>().post(
      '/products/:id/logo',
      {
        schema: {
          ...doc(
            `Upload a product's logo: one PNG, JPEG or WebP file part named ${PRODUCT_LOGO_FIELD}, at most ${ProductLogoLimits.maxBytes / 1024} KB`,
          ),
          params: IdParamsSchema,
          consumes: ['multipart/form-data'],
        },
        onRequest: guard('products.write'),
      },
      async (request) => {
        if (!request.isMultipart()) throw ConsoleError.invalid('body (multipart/form-data expected)');
        const part = await request.file({ limits: { files: 1, fileSize: ProductLogoLimits.maxBytes + 1 } }).catch(() => undefined);
        if (!part || part.fieldname !== PRODUCT_LOGO_FIELD) {
          part?.file.resume();
          throw new ConsoleError('40000', `Choose an image file for the logo (a file part named ${PRODUCT_LOGO_FIELD}).`, 400);
        }
        const bytes = await part.toBuffer().catch((error: unknown) => {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
            throw new ConsoleError(
              '40000',
              `The logo is larger than ${ProductLogoLimits.maxBytes / 1024} KB; a logo may be at most ${ProductLogoLimits.maxBytes / 1024} KB.`,
              413,
            );
          }
          throw error;
        });
        return ok(await products.uploadLogo(actor(request), request.params.id, bytes));
      },
    ),
  );
};
