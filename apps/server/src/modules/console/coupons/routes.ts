/**
 * The Coupons room under /console/api (issue 50, decisions 253–254): campaigns with their cost and
 * effect; create, pause, resume; issue a list or everyone campaign (a second operator above the
 * threshold); the per-day figures and their CSV, the export audited. All audited.
 */
import {
  COUPON_FIGURES_EXPORT_PATH,
  CouponCampaignRequestSchema,
  CouponIssueRequestSchema,
  DashboardQuerySchema,
  IdParamsSchema,
} from '@kilat/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../../db/database.js';
import type { ConsoleRoom } from '../shared/api.js';
import type { AuditLog } from '../shared/audit.js';
import type { CouponDesk } from './coupon-desk.js';
import type { CouponFigures, CouponRange } from './coupon-figures.js';
import type { CouponIssues } from './coupon-issues.js';

export const couponsRoom =
  ({
    coupons,
    issues,
    figures,
    rangeOf,
    audit,
    auditDb,
  }: {
    coupons: CouponDesk;
    issues: CouponIssues;
    figures: CouponFigures;
    /** the dashboard's range: the last 30 days unless told, refused backwards or too long */
    rangeOf: (query: { market: 'IN' | 'ID'; from?: string | undefined; to?: string | undefined }) => CouponRange;
    audit: AuditLog;
    auditDb: Db;
  }): ConsoleRoom =>
  (scope, { guard, actor, doc, ok }) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/coupon-campaigns',
      {
        schema: doc('Every coupon campaign with what it issued, what was used or expired, and what it took off'),
        onRequest: guard('coupons.read'),
      },
      async () => ok(await coupons.list()),
    );
    routes.post(
      '/coupon-campaigns',
      {
        schema: {
          ...doc('Create a campaign: type, value, market, audience, validity, minimum and budget; audited'),
          body: CouponCampaignRequestSchema,
        },
        onRequest: guard('coupons.write'),
      },
      async (request) => ok(await coupons.create(actor(request), request.body)),
    );
    routes.post(
      '/coupon-campaigns/:id/pause',
      {
        schema: { ...doc('Pause a campaign: none of its coupons is issued or held until it resumes; audited'), params: IdParamsSchema },
        onRequest: guard('coupons.write'),
      },
      async (request) => ok(await coupons.setPaused(actor(request), request.params.id, true)),
    );
    routes.post(
      '/coupon-campaigns/:id/resume',
      { schema: { ...doc('Resume a paused campaign; audited'), params: IdParamsSchema }, onRequest: guard('coupons.write') },
      async (request) => ok(await coupons.setPaused(actor(request), request.params.id, false)),
    );
    routes.post(
      '/coupon-campaigns/:id/issues',
      {
        schema: {
          ...doc(
            'Issue a list campaign to an uploaded CSV (a phone or borrowerId column) or an everyone campaign to every borrower of its market; above the threshold it waits for another operator; audited',
          ),
          params: IdParamsSchema,
          body: CouponIssueRequestSchema,
        },
        onRequest: guard('coupons.write'),
      },
      async (request) => ok(await issues.ask(actor(request), request.params.id, request.body)),
    );
    routes.get(
      '/coupon-issues',
      {
        schema: doc('The newest coupon issues: who asked, how many borrowers, the face value, where each stands'),
        onRequest: guard('coupons.read'),
      },
      async () => ok(await issues.list()),
    );
    routes.post(
      '/coupon-issues/:id/approve',
      {
        schema: {
          ...doc("Approve another operator's coupon issue, which issues its coupons; never the maker's; audited"),
          params: IdParamsSchema,
        },
        onRequest: guard('coupons.approve'),
      },
      async (request) => ok(await issues.decide(actor(request), request.params.id, true)),
    );
    routes.post(
      '/coupon-issues/:id/reject',
      {
        schema: { ...doc("Reject another operator's coupon issue; never the maker's; audited"), params: IdParamsSchema },
        onRequest: guard('coupons.approve'),
      },
      async (request) => ok(await issues.decide(actor(request), request.params.id, false)),
    );
    routes.get(
      '/coupon-figures',
      {
        schema: {
          ...doc('Per campaign and day: issued, used, expired and discounted; loans closed on time with and without a coupon'),
          querystring: DashboardQuerySchema,
        },
        onRequest: guard('coupons.read'),
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return ok(await figures.figures(rangeOf(request.query)));
      },
    );
    routes.get(
      COUPON_FIGURES_EXPORT_PATH,
      {
        schema: {
          ...doc("The per-day coupon figures as CSV: money in major units, dates the market's; audited as an export"),
          querystring: DashboardQuerySchema,
        },
        onRequest: guard('coupons.read'),
      },
      async (request, reply) => {
        const range = rangeOf(request.query);
        const view = await figures.figures(range);
        // who took the figures out of the console, kept as any other console action
        await audit.append(auditDb, {
          operatorId: actor(request).operator.id,
          action: 'coupons.export',
          targetType: 'coupon-figures',
          targetId: range.market,
          after: { market: range.market, from: range.from, to: range.to, rows: view.days.length },
          requestId: String(request.id),
        });
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="kilat-coupons-${range.market}-${range.from}-${range.to}.csv"`)
          .header('cache-control', 'no-store')
          .send(figures.csv(view));
      },
    );
  };
