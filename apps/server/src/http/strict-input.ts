/**
 * Input at the edge (issue 32): what PostgreSQL cannot store and what is not well-formed is
 * refused with 400 in the borrower's language before any handler reads it, on every route.
 *
 * - Form bodies are parsed here (in place of @fastify/formbody): bytes that are not UTF-8 and
 *   `%` sequences that do not decode to UTF-8 (`%ZZ`, `%ed%a0%80`, `%c0%ae`) are refused instead
 *   of reaching a handler as replacement characters or raw escapes.
 * - JSON bodies are refused when their bytes are not UTF-8; a `\u0000` or a lone `\ud800`
 *   escape parses fine, so it is the next check that refuses it.
 * - A hook before validation refuses a query with a malformed `%` sequence and any text in the
 *   query, the path's parameters or the parsed body that PostgreSQL cannot store (NUL, a lone
 *   surrogate). The contract's schemas carry the same check; this one covers the routes outside
 *   the contract (the console, the pages). Raw bodies (the webhooks') are checked by their route
 *   once the event is read.
 */
import { isUtf8 } from 'node:buffer';
import { unstorableTextPath } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.js';

/** True when a `%` sequence of an URL-encoded text does not decode to UTF-8. */
export const hasMalformedPercentEncoding = (text: string): boolean => {
  if (!text.includes('%')) return false;
  for (const part of text.split(/[&=]/)) {
    if (!part.includes('%')) continue;
    try {
      decodeURIComponent(part);
    } catch {
      return true;
    }
  }
  return false;
};

/** An `application/x-www-form-urlencoded` body as fields (a repeated name gives a list), or null when it is not well-formed. */
export const parseForm = (body: Buffer): Record<string, string | string[]> | null => {
  if (!isUtf8(body)) return null;
  const text = body.toString('utf8');
  if (hasMalformedPercentEncoding(text)) return null;
  // no prototype: a field named __proto__ is a field like any other
  const fields = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(text)) {
    const before = fields[name];
    fields[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return fields;
};

const malformedBody = () => AppError.invalid('body');

export const installStrictInput = (app: FastifyInstance) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer' }, (_request, body, done) => {
    const fields = parseForm(body as Buffer);
    if (fields === null) done(malformedBody(), undefined);
    else done(null, fields);
  });
  const json = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if (!isUtf8(body as Buffer)) return done(malformedBody(), undefined);
    json(request, (body as Buffer).toString('utf8'), done);
  });
  // a callback hook, not an async one: no promise a request (issue 33, decision 169)
  app.addHook('preValidation', (request, _reply, done) => {
    const queryAt = request.url.indexOf('?');
    if (queryAt >= 0 && hasMalformedPercentEncoding(request.url.slice(queryAt + 1))) return done(AppError.invalid('query'));
    const where =
      unstorableTextPath(request.query, 'query') ??
      unstorableTextPath(request.params, 'params') ??
      (Buffer.isBuffer(request.body) ? null : unstorableTextPath(request.body));
    done(where === null ? undefined : AppError.invalid(where));
  });
};
