/**
 * The one place failures become envelopes: validation → 400 naming the fields, known failures
 * → their code and text, a dependency that did not answer (PostgreSQL, Redis, the object store)
 * → 503 saying to try again (decision 146), anything else → 500 with a generic text (the details
 * stay in the log).
 */
import { type CodeField, ResultCode } from '@kilat/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';
import { isDependencyDown } from './dependency-down.js';
import { envelope } from './envelope.js';
import { messageFor } from './language.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the envelope field of the call's result code (contract `Endpoints[name].codeField`) */
    codeField?: CodeField;
    endpoint?: string;
  }
}

const codeFieldOf = (request: FastifyRequest): CodeField => request.routeOptions?.config?.codeField ?? 'code';

export const sendAppError = (request: FastifyRequest, reply: FastifyReply, error: AppError) =>
  reply
    .code(error.httpStatus)
    .header('cache-control', 'no-store')
    .send(
      envelope(
        codeFieldOf(request),
        error.code,
        messageFor(request, error.messageKey, error.values),
        error.field ? { field: error.field } : null,
      ),
    );

interface ValidationIssue {
  instancePath?: string;
  params?: Record<string, unknown>;
}

/** Field names of a validation failure, e.g. `overall` or `body` when the whole body is missing. */
const fieldsOf = (error: FastifyError): string => {
  const issues = (error.validation ?? []) as ValidationIssue[];
  const fields = new Set<string>();
  for (const issue of issues) {
    const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const missing = typeof issue.params?.missingProperty === 'string' ? issue.params.missingProperty : '';
    fields.add(path || missing || error.validationContext || 'body');
  }
  return [...fields].join(', ') || 'body';
};

const asAppError = (error: FastifyError): AppError | null => {
  if (error instanceof AppError) return error;
  if (error.validation) return AppError.invalid(fieldsOf(error));
  const status = error.statusCode ?? 500;
  if (status === 429) return AppError.rateLimited();
  if (status === 404) return AppError.notFound();
  // malformed bodies, wrong content types, bodies too large: the borrower's request, not our fault
  if (status >= 400 && status < 500) return new AppError(ResultCode.InvalidRequest, 'invalidRequest', status, { fields: 'body' });
  return null;
};

export const installErrorHandling = (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = asAppError(error);
    if (known) {
      if (known.httpStatus >= 500) request.log.warn({ code: known.code }, known.message);
      return sendAppError(request, reply, known);
    }
    if (isDependencyDown(error)) {
      request.log.warn({ err: error }, 'a dependency did not answer');
      reply.header('retry-after', '10');
      return sendAppError(request, reply, new AppError(ResultCode.Unavailable, 'unavailable', 503));
    }
    request.log.error({ err: error }, 'unexpected failure');
    return sendAppError(request, reply, new AppError(ResultCode.Internal, 'internal', 500));
  });
};
