/** Development-only routes (DESIGN §7): a ready demo session and the SMS inbox. Never registered in production. */
import { Market, OrderStatus, ResultCode } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DemoAccounts } from '../../db/seed.js';
import { AppError } from '../../http/app-error.js';
import { envelope, SUCCESS_MESSAGE } from '../../http/envelope.js';
import type { AuthRepository } from '../auth/repository.js';
import type { SessionService } from '../auth/session-service.js';
import type { OrdersService } from '../orders/service.js';
import type { CaptchaPeek } from '../promotion/captcha-service.js';
import type { InboxSmsProvider } from '../sms/sms-provider.js';

export const DEMO_APP_VERSION = '1.0.0';

export interface DevDeps {
  auth: AuthRepository;
  sessions: SessionService;
  orders: OrdersService;
  inbox: InboxSmsProvider | null;
  /** the promotion captchas' texts (issue 6), for browser tests */
  captchas?: CaptchaPeek | null;
}

export const registerDevRoutes = (app: FastifyInstance, deps: DevDeps) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/dev/session',
    { schema: { hide: true, querystring: z.object({ market: z.enum([Market.India, Market.Indonesia]).default(Market.Indonesia) }) } },
    async (request) => {
      const { market } = request.query;
      const account = DemoAccounts[market];
      const borrower = await deps.auth.findBorrowerByPhone(market, account.phone);
      if (!borrower) throw AppError.notFound();
      const orders = await deps.orders.listForBorrower(borrower.id);
      const dueSoon = orders.find((entry) => entry.status === OrderStatus.DueSoon);
      const session = await deps.sessions.issue(borrower.id, account.deviceId);
      return {
        sessionId: session.token,
        deviceId: account.deviceId,
        userId: String(borrower.id),
        market,
        orderId: dueSoon ? String(dueSoon.order.id) : '',
        productId: dueSoon ? String(dueSoon.order.productId) : '',
        appVersion: DEMO_APP_VERSION,
        deviceName: account.deviceName,
        osVersion: account.osVersion,
        // every order of the demo borrower with its derived status, so tools can open any status
        orders: orders.map(({ order, status }) => ({
          orderId: String(order.id),
          orderNo: order.orderNo,
          productId: String(order.productId),
          status,
        })),
      };
    },
  );

  routes.get(
    '/dev/sms',
    { schema: { hide: true, querystring: z.object({ phone: z.string().trim().min(1).max(32) }) } },
    async (request) => {
      if (!deps.inbox) throw new AppError(ResultCode.NotImplemented, 'notImplemented', 501);
      return envelope('code', '00', SUCCESS_MESSAGE, await deps.inbox.inbox(request.query.phone));
    },
  );

  routes.get(
    '/dev/captcha',
    { schema: { hide: true, querystring: z.object({ sid: z.string().trim().min(1).max(64) }) } },
    async (request) => {
      const text = deps.captchas?.textOf(request.query.sid) ?? null;
      if (text === null) throw AppError.notFound();
      return envelope('code', '00', SUCCESS_MESSAGE, { text });
    },
  );
};
