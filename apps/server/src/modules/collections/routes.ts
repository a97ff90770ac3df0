/**
 * The collections calls under /console/api/collections (issue 46), registered by the console's
 * routes with its guard (session, CSRF, permission) and envelope; this module's refusals are sent
 * in the same envelope, anything else goes on to the console's error handler.
 */
import {
  AllocationActionSchema,
  CaseQueueQuerySchema,
  COLLECTIONS_DASHBOARD_CSV_PATH,
  CollectionSmsRequestSchema,
  CollectionsDashboardQuerySchema,
  CollectorRequestSchema,
  ContactRequestSchema,
  ContactStopLiftSchema,
  ContactStopRequestSchema,
  IdParamsSchema,
  type Permission,
  PromiseRequestSchema,
  SettlementRequestSchema,
  StagesQuerySchema,
  StagesRequestSchema,
  TeamRequestSchema,
} from '@kilat/contract/console';
import type { FastifyError, FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appendAudit } from '../audit/append.js';
import { type Actor, CollectionsError } from './shared.js';

/** What the console hands every group of its routes (console/products-routes.ts has the same shape). */
export interface CollectionsRouteHelpers {
  guard: (permission: Permission) => onRequestHookHandler | ((request: FastifyRequest) => Promise<void>);
  actor: (request: FastifyRequest) => Actor;
  doc: (summary: string) => Record<string, unknown>;
  ok: (data: unknown) => { code: string; message: string; data: unknown };
}

export const registerCollectionsRoutes = (scope: FastifyInstance, { guard, actor, doc, ok }: CollectionsRouteHelpers) =>
  scope.register(async (inner) => {
    inner.setErrorHandler((error: FastifyError, _request, reply) => {
      if (!(error instanceof CollectionsError)) throw error;
      return reply
        .code(error.httpStatus)
        .header('cache-control', 'no-store')
        .send({ code: error.code, message: error.message, data: null });
    });
    const { cases, supervision, daily, settlements, dashboard } = inner.collections;
    const routes = inner.withTypeProvider<ZodTypeProvider>();
    const work = guard('collections.work');
    const manage = guard('collections.manage');

    routes.get(
      '/collections/cases',
      {
        schema: {
          ...doc(
            'A collector’s cases (a supervisor’s: any queue), broken promises and promises due today first, then owed × days past due',
          ),
          querystring: CaseQueueQuerySchema,
        },
        onRequest: work,
      },
      async (request) => ok(await cases.queue(actor(request), request.query)),
    );
    routes.get(
      '/collections/cases/:id',
      {
        schema: {
          ...doc('A case: the borrower, what is owed today by component, history, contacts, promises, flags'),
          params: IdParamsSchema,
        },
        onRequest: work,
      },
      async (request) => ok(await cases.page(actor(request), request.params.id)),
    );
    routes.post(
      '/collections/cases/:id/contacts',
      {
        schema: {
          ...doc('Log a contact with the borrower; refused outside the hours, beyond the daily cap or while a flag is set'),
          params: IdParamsSchema,
          body: ContactRequestSchema,
        },
        onRequest: work,
      },
      async (request) => ok(await cases.logContact(actor(request), request.params.id, request.body)),
    );
    routes.post(
      '/collections/cases/:id/promises',
      {
        schema: { ...doc('Record a promise to pay: kept or broken by the ledger'), params: IdParamsSchema, body: PromiseRequestSchema },
        onRequest: work,
      },
      async (request) => ok(await cases.promise(actor(request), request.params.id, request.body)),
    );
    routes.post(
      '/collections/cases/:id/sms',
      {
        schema: {
          ...doc('Send the borrower a collection SMS from a template in their language'),
          params: IdParamsSchema,
          body: CollectionSmsRequestSchema,
        },
        onRequest: work,
      },
      async (request) => ok(await cases.sendSms(actor(request), request.params.id, request.body.template)),
    );
    routes.post(
      '/collections/cases/:id/stops',
      {
        schema: {
          ...doc('Set a flag that stops every contact with the borrower, with a reason'),
          params: IdParamsSchema,
          body: ContactStopRequestSchema,
        },
        onRequest: work,
      },
      async (request) => ok(await cases.setStop(actor(request), request.params.id, request.body)),
    );
    routes.post(
      '/collections/stops/:id/lift',
      {
        schema: { ...doc('Lift a flag that stops contact, with a reason'), params: IdParamsSchema, body: ContactStopLiftSchema },
        onRequest: manage,
      },
      async (request) => ok(await cases.liftStop(actor(request), request.params.id, request.body.reason)),
    );
    routes.post(
      '/collections/allocations',
      { schema: { ...doc('Reassign, retain or release cases, one or many'), body: AllocationActionSchema }, onRequest: manage },
      async (request) => ok(await supervision.allocate(actor(request), request.body)),
    );
    routes.get('/collections/teams', { schema: doc('Teams and agencies with their collectors'), onRequest: manage }, async () =>
      ok(await supervision.teams()),
    );
    routes.post(
      '/collections/teams',
      { schema: { ...doc('Add an in-house team or an outside recovery agency'), body: TeamRequestSchema }, onRequest: manage },
      async (request) => ok(await supervision.addTeam(actor(request), request.body)),
    );
    routes.post(
      '/collections/collectors',
      {
        schema: { ...doc('Make an operator a collector of a team, with a weight and a capacity'), body: CollectorRequestSchema },
        onRequest: manage,
      },
      async (request) => ok(await supervision.addCollector(actor(request), request.body)),
    );
    routes.get(
      '/collections/stages',
      { schema: { ...doc('A market’s collection stages and daily contact cap'), querystring: StagesQuerySchema }, onRequest: manage },
      async (request) => ok(await supervision.stages(request.query.market)),
    );
    routes.put(
      '/collections/stages',
      { schema: { ...doc('Replace a market’s collection stages and daily contact cap'), body: StagesRequestSchema }, onRequest: manage },
      async (request) => ok(await supervision.saveStages(actor(request), request.body)),
    );
    routes.post(
      '/collections/cases/:id/settlements',
      {
        schema: {
          ...doc('Offer a one-time settlement; a discount above the market’s share waits for a second operator'),
          params: IdParamsSchema,
          body: SettlementRequestSchema,
        },
        onRequest: manage,
      },
      async (request) => ok(await settlements.offer(actor(request), request.params.id, request.body)),
    );
    for (const [path, approve] of [
      ['approve', true],
      ['reject', false],
    ] as const) {
      routes.post(
        `/collections/settlements/:id/${path}`,
        {
          schema: { ...doc(`${approve ? 'Approve' : 'Reject'} another operator’s settlement offer`), params: IdParamsSchema },
          onRequest: manage,
        },
        async (request) => ok(await settlements.decide(actor(request), request.params.id, approve)),
      );
    }
    routes.get(
      '/collections/dashboard',
      {
        schema: {
          ...doc('Collections of one market over a range: cases by stage, recovered, promises, contacts per case, roll and cure rates'),
          querystring: CollectionsDashboardQuerySchema,
        },
        onRequest: manage,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await dashboard.figures(dashboard.range(request.query)));
      },
    );
    routes.get(
      COLLECTIONS_DASHBOARD_CSV_PATH,
      {
        schema: { ...doc('The collections dashboard as CSV (money in major units)'), querystring: CollectionsDashboardQuerySchema },
        onRequest: manage,
      },
      async (request, reply) => {
        const range = dashboard.range(request.query);
        const csv = dashboard.csv(await dashboard.figures(range));
        await appendAudit(
          inner.database.db,
          {
            operatorId: actor(request).operator.id,
            action: 'collections.dashboard-export',
            targetType: 'market',
            targetId: range.market,
            after: range,
            requestId: actor(request).requestId,
          },
          inner.clock.now(),
        );
        return reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="collections-${range.market}-${range.from}-${range.to}.csv"`)
          .type('text/csv; charset=utf-8')
          .send(csv);
      },
    );
    routes.post(
      '/collections/run',
      { schema: doc('Run the daily classification and allocation now (it also runs as a job)'), onRequest: manage },
      async () => ok(await daily.run()),
    );
  });
