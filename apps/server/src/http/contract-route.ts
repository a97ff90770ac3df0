/**
 * Registers every call of the contract's `Endpoints` table: its path under the API prefix, its
 * method, its request schema (validated, and listed in the OpenAPI document), the session check
 * and the success envelope. A call no module implements yet still answers, with 501.
 */
import { API_PREFIX, commonParamNames, type EndpointName, Endpoints, endpointNames, SESSION_MARKET_HEADER } from '@kilat/contract';
import { type CallData, callSchemas, storable } from '@kilat/contract/schemas';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './app-error.js';
import { envelope, SerializedData, SUCCESS_MESSAGE } from './envelope.js';
import { withFileUploads } from './file-uploads.js';
import type { SessionBorrower } from './session.js';

type RequestOf<N extends EndpointName> = z.output<(typeof callSchemas)[N]['request']>;
type BorrowerOf<N extends EndpointName> = (typeof Endpoints)[N]['access'] extends 'session' ? SessionBorrower : SessionBorrower | null;

export interface Call<N extends EndpointName> {
  input: RequestOf<N>;
  borrower: BorrowerOf<N>;
  request: FastifyRequest;
  /** for the few calls that answer with something other than an envelope (an image): send on it and return it */
  reply: FastifyReply;
}

/** A handler answers with its call's data, that data already serialized (a kept view), or the reply it sent. */
export type CallHandler<N extends EndpointName> = (call: Call<N>) => Promise<CallData<N> | SerializedData<CallData<N>> | FastifyReply>;
export type CallHandlers = { [N in EndpointName]?: CallHandler<N> };

/** The common query params of spec §7 are accepted on every call; unknown ones are let through. */
const commonQueryShape = Object.fromEntries(commonParamNames.map((name) => [name, z.string().max(256).optional()]));
export const CommonQuerySchema = storable(z.looseObject(commonQueryShape));

/** Every call's query and body refuse text PostgreSQL cannot store (issue 32), in fields the call knows or not. */
const schemaFor = (name: EndpointName) => {
  const endpoint = Endpoints[name];
  const request = callSchemas[name].request;
  const doc = { summary: endpoint.summary, tags: [endpoint.group], operationId: name };
  if (endpoint.method === 'GET') return { ...doc, querystring: storable(z.looseObject({ ...commonQueryShape, ...request.shape })) };
  // a multipart body is read by the handler as a stream, not validated as fields
  if (endpoint.body === 'multipart') return { ...doc, querystring: CommonQuerySchema, consumes: ['multipart/form-data'] };
  return { ...doc, querystring: CommonQuerySchema, body: storable(request), consumes: ['application/x-www-form-urlencoded'] };
};

/**
 * The fields a POST may take from its query (spec §7: "query device params and orderId"). Nothing
 * else is read from there: a query string ends up in proxies' and browsers' logs, so a card
 * number or a code put there by a client is refused as missing, never used (issue 16).
 */
const QUERY_FIELDS: ReadonlySet<string> = new Set([...commonParamNames, 'orderId']);

/** The fields of a call a POST may take from its query, worked out once when the route is registered. */
const queryFieldsOf = (name: EndpointName) => Object.keys(callSchemas[name].request.shape).filter((field) => QUERY_FIELDS.has(field));

/**
 * Call fields a page put in the query of a POST count when the body lacks them: the device params
 * and orderId only. The body is the object this request's parser made, so the fields are added to
 * it in place: copying the form parser's prototype-less object cost every form call 1.2 µs, against
 * 0.3 µs to add the fields where they are (issue 33, decision 177).
 */
const withQueryFallback = (fields: readonly string[], request: FastifyRequest) => {
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (typeof body !== 'object' || Array.isArray(body)) return;
  const query = request.query as Record<string, unknown>;
  for (const field of fields) {
    if (body[field] === undefined && query[field] !== undefined) body[field] = query[field];
  }
  request.body = body;
};

const queryFallbackHook = (fields: readonly string[]) => (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
  withQueryFallback(fields, request);
  done();
};

/** Calls that send an SMS get a tighter per-IP limit than the global one (DESIGN §5); the identity submit makes UIDAI send its code (issue 29). */
const SMS_SENDING: readonly EndpointName[] = ['loginCode', 'sendSms', 'disbursalAccountCode', 'identitySubmit'];
const SMS_SENDS_PER_IP_PER_MINUTE = 10;
/** Calls that make us send an SMS refuse another site's page (issue 16); repayment-commit sends the repayment code. */
const ORIGIN_CHECKED: readonly EndpointName[] = [...SMS_SENDING, 'repaymentCommit'];

/**
 * A browser names the page that made a cross-site call in `Origin`: a page of another site may
 * not make us send SMS (toll fraud, code bombing). The native shell sends none and is let through.
 */
export const checkOrigin = async (request: FastifyRequest) => {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  if (host === null || host !== request.host) throw AppError.forbidden();
};

/**
 * The calls of the contract, registered by the modules that implement them (`app.calls.handle`)
 * and, once every module has, answered with 501 for the rest (`app.calls.registerUnimplemented`).
 */
export class ContractCalls {
  private readonly implemented = new Set<EndpointName>();

  constructor(private readonly app: FastifyInstance) {}

  /** Registers a module's handlers; a call registered twice is a wiring mistake and stops the boot. */
  handle(handlers: CallHandlers) {
    for (const name of endpointNames) {
      const handler = handlers[name] as CallHandler<EndpointName> | undefined;
      if (!handler) continue;
      if (this.implemented.has(name)) throw new Error(`the call ${name} has two handlers`);
      this.implemented.add(name);
      this.register(name, handler);
    }
  }

  registerUnimplemented() {
    for (const name of endpointNames) if (!this.implemented.has(name)) this.register(name, null);
  }

  /** A call whose body carries files is registered where multipart bodies are parsed (http/file-uploads.ts). */
  private register(name: EndpointName, handler: CallHandler<EndpointName> | null) {
    if (Endpoints[name].body === 'multipart') void withFileUploads(this.app, (scope) => registerCall(scope, name, handler));
    else registerCall(this.app, name, handler);
  }
}

const registerCall = (app: FastifyInstance, name: EndpointName, handler: CallHandler<EndpointName> | null) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const endpoint = Endpoints[name];
  const url = `${API_PREFIX}${endpoint.path}`;
  const config = {
    codeField: endpoint.codeField,
    endpoint: name,
    ...(SMS_SENDING.includes(name) ? { rateLimit: { max: SMS_SENDS_PER_IP_PER_MINUTE, timeWindow: '1 minute' } } : {}),
  };
  if (!handler) {
    routes.route({
      method: endpoint.method,
      url,
      schema: schemaFor(name),
      config,
      // answered before validation (nothing behind it yet to validate for), after the rate limit's onRequest
      preParsing: async () => {
        throw AppError.notImplemented();
      },
      handler: async () => {
        throw AppError.notImplemented();
      },
    });
    return;
  }
  routes.route({
    method: endpoint.method,
    url,
    schema: schemaFor(name),
    config,
    // preParsing: after the rate limit (an onRequest hook) and before the body is read
    preParsing: [
      ...(ORIGIN_CHECKED.includes(name) ? [checkOrigin] : []),
      ...(endpoint.access === 'session' ? [async (request: FastifyRequest) => app.authenticate(request)] : []),
    ],
    preValidation: endpoint.method === 'POST' && endpoint.body === 'form' ? queryFallbackHook(queryFieldsOf(name)) : [],
    handler: async (request, reply) => {
      const input = (endpoint.method === 'GET' ? request.query : request.body) as RequestOf<EndpointName>;
      // the page learns its borrower's market from the session, whatever market the tab assumed (issue 48)
      if (request.borrower) reply.header(SESSION_MARKET_HEADER, request.borrower.market);
      const result = await handler({ input, borrower: request.borrower, request, reply } as Call<EndpointName>);
      if (reply.sent) return reply;
      if (result instanceof SerializedData) {
        return reply
          .type('application/json; charset=utf-8')
          .send(result.envelopeBytes(endpoint.codeField, endpoint.success, SUCCESS_MESSAGE));
      }
      return envelope(endpoint.codeField, endpoint.success, SUCCESS_MESSAGE, result ?? null);
    },
  });
};
