/** The Coupons room under /console/api (issue 50, decision 253): campaigns with their cost and effect; create, pause, resume, audited. */
import { CouponCampaignRequestSchema, IdParamsSchema } from '@kilat/contract/console';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ConsoleRoom } from '../shared/api.js';
import type { CouponDesk } from './coupon-desk.js';

export const couponsRoom =
  ({ coupons }: { coupons: CouponDesk }): ConsoleRoom =>
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
  };
