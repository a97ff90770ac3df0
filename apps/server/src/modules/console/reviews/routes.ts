/** The reviews room (issue 29, decision 162): the queue of applications waiting for review, decided and, for a rule exception, confirmed by a second risk operator. */
import { IdParamsSchema, ReviewDecisionSchema } from '@kilat/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleRoom } from '../shared/api.js';
import type { ReviewService } from './review-service.js';

export const reviewsRoom =
  (deps: { reviews: ReviewService }): ConsoleRoom =>
  (scope, { guard, actor, doc, ok }) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/reviews',
      { schema: doc('Applications waiting for review, the nearest deadline first (issue 29)'), onRequest: guard('reviews.read') },
      async () => ok(await deps.reviews.queue()),
    );
    routes.post(
      '/reviews/:id/decide',
      {
        schema: {
          ...doc('Approve or reject an application waiting for review, with a reason'),
          params: IdParamsSchema,
          body: ReviewDecisionSchema,
        },
        onRequest: guard('reviews.decide'),
      },
      async (request) => ok(await deps.reviews.decide(actor(request), Number(request.params.id), request.body)),
    );
    routes.post(
      '/reviews/:id/confirm',
      {
        schema: {
          ...doc("Confirm another risk operator's approval of a rule exception (the maker never confirms their own)"),
          params: IdParamsSchema,
        },
        onRequest: guard('reviews.decide'),
      },
      async (request) => ok(await deps.reviews.confirm(actor(request), Number(request.params.id))),
    );
  };
