/**
 * `POST /webhooks/payments/:gateway` (DESIGN §5) and `receiveWebhook`, the one way a payment
 * becomes paid: the route calls it for a real gateway, the sandbox calls it straight (no second
 * trip through the HTTP front door), so the signature check, the deduplication and the posting
 * are the same code for both. The signature is checked over the raw bytes as sent, so this route
 * (and only this one) keeps the body as a Buffer instead of parsing it.
 */
import { isUtf8 } from 'node:buffer';
import { ResultCode, unstorableTextPath } from '@kilat/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { envelope, SUCCESS_MESSAGE } from '../../http/envelope.js';
import type { SandboxGateway, WebhookTransport } from './gateways/sandbox/sandbox-gateway.js';
import { isIgnored, isMandateEvent, type PaymentGateway } from './ports.js';
import type { PaymentsService, WebhookOutcome } from './service.js';

export const WEBHOOK_PATH = '/webhooks/payments';
/** gateways' events are small; anything larger is not one of them */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

export const invalidSignature = () => new AppError(ResultCode.Unauthenticated, 'webhookSignatureInvalid', 401);

/**
 * A gateway's signed event, as it arrived: verified, then applied (or ignored) in one
 * transaction. Throws NotFound for a gateway we do not have and Unauthenticated for a bad
 * signature; answers what was done.
 */
export const receiveWebhook = async (
  payments: PaymentsService,
  gatewayName: string,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  log: FastifyBaseLogger,
  rotation?: { beforeRotation: BeforeRotation; now: Date },
): Promise<WebhookOutcome | 'ignored'> => {
  const gateway = payments.gatewayNamed(gatewayName);
  if (!gateway) throw AppError.notFound();
  let event = gateway.verifyWebhook(rawBody, headers);
  const old = rotation?.beforeRotation.get(gateway.name);
  if (!event && old && rotation && rotation.now < old.until) {
    event = old.gateway.verifyWebhook(rawBody, headers);
    if (event) log.info({ gateway: gateway.name, until: old.until }, 'webhook signed with the secret before the rotation');
  }
  if (!event) {
    log.warn({ gateway: gateway.name }, 'webhook refused: signature missing or not valid');
    throw invalidSignature();
  }
  // authentic but not storable (issue 32): bytes that are not UTF-8, or a NUL or lone surrogate in a field; nothing is stored
  if (!isUtf8(rawBody)) throw AppError.invalid('body');
  const unstorable = isIgnored(event) ? null : unstorableTextPath(event);
  if (unstorable !== null) throw AppError.invalid(unstorable);
  if (isIgnored(event)) {
    // authentic, but nothing of ours moves: a 2xx so the gateway does not retry it for days
    log.info({ gateway: gateway.name, ignored: event.ignored }, 'webhook event ignored');
    return 'ignored';
  }
  // a mandate's own change (issue 51 item 2): authorised, refused, paused or cancelled at the gateway
  if (isMandateEvent(event)) {
    const outcome = await payments.applyMandateEvent(gateway.name, event);
    log.info({ gateway: gateway.name, eventId: event.mandate.id, state: event.mandate.state, outcome }, 'mandate webhook event');
    return outcome;
  }
  // answer as soon as the short transaction commits: gateways retry slow answers and we must not post twice
  const outcome = await payments.applyWebhookEvent(gateway.name, event);
  log.info({ gateway: gateway.name, eventId: event.id, type: event.type, outcome }, 'webhook event');
  return outcome;
};

/**
 * The sandbox's way to our webhook (SandboxGateway.connect): `receiveWebhook` called straight,
 * answered with the HTTP status the route would have answered.
 */
export const sandboxTransport =
  (payments: PaymentsService, sandbox: SandboxGateway, log: FastifyBaseLogger): WebhookTransport =>
  async (rawBody, headers) => {
    try {
      await receiveWebhook(payments, sandbox.name, Buffer.from(rawBody), headers, log);
      return 200;
    } catch (error) {
      if (error instanceof AppError) return error.httpStatus;
      throw error;
    }
  };

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
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await receiveWebhook(payments, request.params.gateway, rawBody, request.headers, request.log, {
        beforeRotation,
        now: app.clock.now(),
      });
      return envelope('code', '00', SUCCESS_MESSAGE, { received: true });
    });
  });
};
