/**
 * The dashboard's calls under /console/api (issue 31 item 4): the figures, the list behind each, and
 * that list as CSV — streamed a thousand rows at a time, the export audited before its first byte.
 */
import { Readable } from 'node:stream';
import { DASHBOARD_EXPORT_PATH, DashboardListQuerySchema, DashboardQuerySchema } from '@kilat/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/database.js';
import type { ConsoleRoom } from '../shared/api.js';
import type { AuditLog } from '../shared/audit.js';
import { csvLines, type Dashboard } from './dashboard.js';

export const dashboardRoom =
  (deps: { dashboard: Dashboard; audit: AuditLog; auditDb: Db }): ConsoleRoom =>
  (scope, { guard, actor, doc, ok }) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/dashboard',
      {
        schema: {
          ...doc(
            'The business of one market over a range of its business dates: money per day, loans by days past due, complaints, chatbot, funnel',
          ),
          querystring: DashboardQuerySchema,
        },
        onRequest: guard('dashboard.read'),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await deps.dashboard.figures(deps.dashboard.range(request.query)));
      },
    );
    routes.get(
      '/dashboard/list',
      {
        schema: {
          ...doc("The list behind one of the dashboard's figures, newest first, a page at a time"),
          querystring: DashboardListQuerySchema,
        },
        onRequest: guard('dashboard.read'),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await deps.dashboard.list(request.query, deps.dashboard.range(request.query)));
      },
    );
    routes.get(
      DASHBOARD_EXPORT_PATH,
      {
        schema: {
          ...doc("The list behind one of the dashboard's figures as CSV: money in major units, times in the market's zone"),
          querystring: DashboardListQuerySchema.omit({ after: true }),
        },
        onRequest: guard('dashboard.read'),
      },
      async (request, reply) => {
        const range = deps.dashboard.range(request.query);
        deps.dashboard.check(request.query);
        const { figure, part, channel, utmTag } = request.query;
        // who took which list out of the console, kept as any other console action
        await deps.audit.append(deps.auditDb, {
          operatorId: actor(request).operator.id,
          action: 'dashboard.export',
          targetType: 'dashboard',
          targetId: figure,
          after: {
            market: range.market,
            from: range.from,
            to: range.to,
            part: part ?? null,
            channel: channel ?? null,
            utmTag: utmTag ?? null,
          },
          requestId: String(request.id),
        });
        const name = `kilat-${figure}${part ? `-${part}` : ''}-${range.market}-${range.from}-${range.to}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(Readable.from(csvLines(deps.dashboard.all(request.query, range))));
      },
    );
  };
