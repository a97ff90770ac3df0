/**
 * `POST /webhooks/payments/:gateway` (DESIGN §5): the one way a payment becomes paid, for the
 * sandbox as for a real gateway. The signature is checked over the raw bytes as sent, so this
 * route (and only this one) keeps the body as a Buffer instead of parsing it.
 */
import { isUtf8 } from 'node:buffer';
import { ResultCode, unstorableTextPath } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { envelope, SUCCESS_MESSAGE } from '../../http/envelope.js';
import { isIgnored, type PaymentGateway } from './ports.js';
import type { PaymentsService } from './service.js';

export const WEBHOOK_PATH = '/webhooks/payments';
/** gateways' events are small; anything larger is not one of them */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const invalidSignature = () => new AppError(ResultCode.Unauthenticated, 'webhookSignatureInvalid', 401);

/** Per gateway, the same gateway with the webhook secret before a rotation, and when that secret stops being accepted (decision 130). */
export type BeforeRotation = ReadonlyMap<string, { gateway: PaymentGateway; until: Date }>;

export const registerWebhookRoutes = (app: FastifyInstance, payments: PaymentsService, beforeRotation: BeforeRotation = new Map()) => {
  // encapsulated: the raw-body parser replaces the JSON and form parsers for this route only
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    // not rate limited: the signature is checked first and costs one HMAC, and a refused confirmation only makes the gateway retry later
    const options = { schema: { hide: true }, config: { rateLimit: false as const } };
    scope.post<{ Params: { gateway: string } }>(`${WEBHOOK_PATH}/:gateway`, options, async (request) => {
      const gateway = payments.gatewayNamed(request.params.gateway);
      if (!gateway) throw AppError.notFound();
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let event = gateway.verifyWebhook(rawBody, request.headers);
      const old = beforeRotation.get(gateway.name);
      if (!event && old && app.clock.now() < old.until) {
        event = old.gateway.verifyWebhook(rawBody, request.headers);
        if (event) request.log.info({ gateway: gateway.name, until: old.until }, 'webhook signed with the secret before the rotation');
      }
      if (!event) {
        request.log.warn({ gateway: gateway.name }, 'webhook refused: signature missing or not valid');
        throw invalidSignature();
      }
      // authentic but not storable (issue 32): bytes that are not UTF-8, or a NUL or lone surrogate in a field; nothing is stored
      if (!isUtf8(rawBody)) throw AppError.invalid('body');
      const unstorable = isIgnored(event) ? null : unstorableTextPath(event);
      if (unstorable !== null) throw AppError.invalid(unstorable);
      if (isIgnored(event)) {
        // authentic, but nothing of ours moves: a 2xx so the gateway does not retry it for days
        request.log.info({ gateway: gateway.name, ignored: event.ignored }, 'webhook event ignored');
        return envelope('code', '00', SUCCESS_MESSAGE, { received: true });
      }
      // answer as soon as the short transaction commits: gateways retry slow answers and we must not post twice
      const outcome = await payments.applyWebhookEvent(gateway.name, event);
      request.log.info({ gateway: gateway.name, eventId: event.id, type: event.type, outcome }, 'webhook event');
      return envelope('code', '00', SUCCESS_MESSAGE, { received: true });
    });
  });
};
