/**
 * The console API under /console/api (issue 18), in the same OpenAPI document as the borrower's
 * calls: one scope for every room's routes, with the console's envelope for errors and one guard.
 * Every route names the permission it needs; the guard (onRequest, before any body is read)
 * refuses no session (401), a change without the session's CSRF token (403) and a wrong role (403).
 */
import { interpolate, Limits, ResultCode } from '@kilat/contract';
import { CONSOLE_API_PREFIX, CSRF_HEADER, can, type Permission } from '@kilat/contract/console';
import { enIN } from '@kilat/contract/texts/en-IN';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.js';
import { ConsoleError } from './console-error.js';
import { type Actor, type AuthenticatedOperator, sameToken } from './session.js';
import { validationInWords } from './validation-words.js';

export const CONSOLE_COOKIE = 'kilat_console';

declare module 'fastify' {
  interface FastifyRequest {
    operator: AuthenticatedOperator | null;
  }
}

/** What every room's routes are written with: the guard, who acts, the OpenAPI entry and the envelope. */
export interface RouteHelpers {
  guard: (permission: Permission | 'signed-in') => (request: FastifyRequest) => Promise<void>;
  actor: (request: FastifyRequest) => Actor;
  doc: (summary: string) => { summary: string; tags: string[]; security: Record<string, string[]>[] };
  ok: <T>(data: T) => { code: '00'; message: 'success'; data: T };
}

/** A room of the console: it registers its routes in the console's scope. */
export type ConsoleRoom = (scope: FastifyInstance, helpers: RouteHelpers) => void;

export const CONSOLE_TAG = 'console';
const ok = <T>(data: T) => ({ code: '00' as const, message: 'success' as const, data });

export const cookieToken = (request: FastifyRequest): string | null => {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === CONSOLE_COOKIE) return value.join('=') || null;
  }
  return null;
};

// Secure everywhere but a laptop: a browser refuses a Secure cookie over plain http://localhost in some versions
const isLocal = (request: FastifyRequest) => /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(request.headers.host ?? '');

export const sessionCookie = (request: FastifyRequest, value: string, clear = false) =>
  [
    `${CONSOLE_COOKIE}=${value}`,
    'Path=/console',
    'HttpOnly',
    'SameSite=Strict',
    ...(isLocal(request) ? [] : ['Secure']),
    ...(clear ? ['Max-Age=0'] : []),
  ].join('; ');

const sendError = (reply: FastifyReply, error: ConsoleError) =>
  reply.code(error.httpStatus).header('cache-control', 'no-store').send({ code: error.code, message: error.message, data: null });

/** Validation failures name the fields; the upload pipeline's refusals keep their English text. */
const asConsoleError = (error: FastifyError): ConsoleError | null => {
  if (error instanceof ConsoleError) return error;
  if (error instanceof AppError) return new ConsoleError(error.code, interpolate(enIN[error.messageKey], error.values), error.httpStatus);
  if (error.validation) {
    const issues = (
      error.validation as { instancePath?: string; keyword?: string; message?: string; params?: Record<string, unknown> }[]
    ).map((issue) => ({
      ...issue,
      path:
        issue.instancePath?.replace(/^\//, '').replaceAll('/', '.') ||
        (issue.params?.missingProperty as string | undefined) ||
        error.validationContext ||
        'body',
    }));
    // each field named, then what is wrong with it in words (decision 279)
    return ConsoleError.invalid(validationInWords(issues));
  }
  if (error.code === 'FST_FILES_LIMIT') return ConsoleError.invalid(`image (at most ${Limits.complaintImagesMax})`);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new ConsoleError(ResultCode.InvalidRequest, error.message, status);
  return null;
};

/** The console's scope under /console/api: its error envelope, its guard, then each room's routes in turn. */
export const registerConsoleApi = async (
  app: FastifyInstance,
  authenticate: (token: string | null) => Promise<AuthenticatedOperator | null>,
  rooms: readonly ConsoleRoom[],
) => {
  app.decorateRequest('operator', null);
  await app.register(
    async (scope) => {
      scope.setErrorHandler((error: FastifyError, request, reply) => {
        const known = asConsoleError(error);
        if (known) return sendError(reply, known);
        request.log.error({ err: error }, 'unexpected console failure');
        return sendError(reply, new ConsoleError(ResultCode.Internal, 'Something went wrong; the details are in the server log.', 500));
      });

      /** The guard: a session, then the CSRF token of any change, then the role. */
      const guard = (permission: Permission | 'signed-in') => async (request: FastifyRequest) => {
        const current = await authenticate(cookieToken(request));
        if (!current) throw ConsoleError.unauthenticated();
        // reads (GET and its HEAD) need no token; every change does
        if (request.method !== 'GET' && request.method !== 'HEAD') {
          const sent = request.headers[CSRF_HEADER];
          if (typeof sent !== 'string' || !sameToken(sent, current.csrfToken)) throw ConsoleError.csrf();
        }
        if (permission !== 'signed-in' && !can(current.operator.role, permission)) throw ConsoleError.role();
        request.operator = current;
      };
      const actor = (request: FastifyRequest): Actor => ({ operator: request.operator!.operator, requestId: String(request.id) });
      const doc = (summary: string) => ({ summary, tags: [CONSOLE_TAG], security: [{ consoleSession: [] }] });
      const helpers: RouteHelpers = { guard, actor, doc, ok };
      for (const room of rooms) room(scope, helpers);

      // an unknown console API path answers in the console's envelope
      scope.all('/*', { schema: { hide: true } }, async () => {
        throw ConsoleError.notFound();
      });
    },
    { prefix: CONSOLE_API_PREFIX },
  );
};

export const consoleSecurityScheme = { consoleSession: { type: 'apiKey', in: 'cookie', name: CONSOLE_COOKIE } } as const;
