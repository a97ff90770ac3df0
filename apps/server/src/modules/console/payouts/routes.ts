/** The payouts room (decision 126): each order's payout attempts, retried or the loan cancelled, and the reconciliation's mismatches. */
import { IdParamsSchema, MismatchQuerySchema, PayoutActionSchema, PayoutQuerySchema, ResolveMismatchSchema } from '@kilat/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleRoom } from '../shared/api.js';
import type { PayoutsDesk } from './payouts-desk.js';

export const payoutsRoom =
  (deps: { payouts: PayoutsDesk }): ConsoleRoom =>
  (scope, { guard, actor, doc, ok }) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/payouts',
      {
        schema: {
          ...doc("Each order's latest payout attempt, by state and market, most recently changed first"),
          querystring: PayoutQuerySchema,
        },
        onRequest: guard('payouts.read'),
      },
      async (request) => ok(await deps.payouts.list(request.query)),
    );
    routes.get(
      '/payouts/orders/:id',
      {
        schema: {
          ...doc("An order's payout timeline: each attempt, its key, gateway id, state changes, failure reason and UTR"),
          params: IdParamsSchema,
        },
        onRequest: guard('payouts.read'),
      },
      async (request) => ok(await deps.payouts.timeline(request.params.id)),
    );
    routes.post(
      '/payouts/orders/:id/retry',
      {
        schema: {
          ...doc('Retry the payout: a waiting attempt now with its key, or a new attempt to the account the borrower gave since'),
          params: IdParamsSchema,
          body: PayoutActionSchema,
        },
        onRequest: guard('payouts.write'),
      },
      async (request) => ok(await deps.payouts.retry(actor(request), request.params.id, request.body.reason)),
    );
    routes.post(
      '/payouts/orders/:id/cancel-loan',
      {
        schema: { ...doc('Cancel a loan whose money did not arrive, at no cost'), params: IdParamsSchema, body: PayoutActionSchema },
        onRequest: guard('payouts.write'),
      },
      async (request) => ok(await deps.payouts.cancelLoan(actor(request), request.params.id, request.body.reason)),
    );
    routes.get(
      '/payout-mismatches',
      {
        schema: { ...doc("The payout reconciliation's mismatches, unresolved first"), querystring: MismatchQuerySchema },
        onRequest: guard('payouts.read'),
      },
      async (request) => ok(await deps.payouts.mismatches(request.query.page)),
    );
    routes.post(
      '/payout-mismatches/:id/resolve',
      {
        schema: { ...doc('Resolve a payout mismatch with a note'), params: IdParamsSchema, body: ResolveMismatchSchema },
        onRequest: guard('payouts.write'),
      },
      async (request) => ok(await deps.payouts.resolveMismatch(actor(request), request.params.id, request.body.note)),
    );
  };
