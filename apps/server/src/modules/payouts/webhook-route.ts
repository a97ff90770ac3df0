/**
 * `POST /webhooks/payouts/:gateway` (issue 28): a payout gateway's event, its signature checked over
 * the raw bytes by the gateway's adapter, then handed to `applyPayoutEvent` — the same function the
 * sandbox's events reach directly. The event id is stored with what it changes, so a redelivery is
 * a no-op; the answer is a 2xx as soon as that short transaction commits.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { envelope, SUCCESS_MESSAGE } from '../../http/envelope.js';
import { invalidSignature } from '../payments/webhook-routes.js';
import type { PayoutGateways } from './gateways.js';
import type { PayoutsService } from './service.js';

export const PAYOUT_WEBHOOK_PATH = '/webhooks/payouts';
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const registerPayoutWebhookRoute = (app: FastifyInstance, gateways: PayoutGateways, payouts: PayoutsService) => {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    const options = { schema: { hide: true }, config: { rateLimit: false as const } };
    scope.post<{ Params: { gateway: string } }>(`${PAYOUT_WEBHOOK_PATH}/:gateway`, options, async (request) => {
      const gateway = gateways.byName(request.params.gateway);
      if (!gateway) throw AppError.notFound();
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = gateway.verifyWebhook(rawBody, request.headers);
      if (!event) {
        request.log.warn({ gateway: gateway.name }, 'payout webhook refused: signature or token missing or not valid');
        throw invalidSignature();
      }
      if ('ignored' in event) {
        request.log.info({ gateway: gateway.name, ignored: event.ignored }, 'payout webhook event ignored');
        return envelope('code', '00', SUCCESS_MESSAGE, { received: true });
      }
      const outcome = await payouts.applyPayoutEvent(gateway.name, event);
      request.log.info({ gateway: gateway.name, eventId: event.id, status: event.state.status, outcome }, 'payout webhook event');
      return envelope('code', '00', SUCCESS_MESSAGE, { received: true });
    });
  });
};
