/**
 * What a request log may hold (issue 16): the path without its query string (prospects' phones,
 * agreement-link tokens and card fields travel there), no credentials, and no phone, card number
 * or code a module puts in a log line by mistake.
 */
import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/** The path of a URL, its query string dropped. */
export const pathOf = (url: string) => {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
};

/**
 * The URL a log shows: the route's pattern when it has parameters (an agreement link's token is a
 * path segment), else the path; never the query string.
 */
export const loggedUrl = (request: Pick<FastifyRequest, 'url' | 'routeOptions'>) => {
  const pattern = request.routeOptions?.url;
  return pattern?.includes(':') ? pattern : pathOf(request.url);
};

/** Field names whose values are never written, at the top of a log line or one level down. */
const SENSITIVE_FIELDS = [
  'phone',
  'mobile',
  'mobilePhone',
  'cardNo',
  'cardNumber',
  'bankCardNo',
  'cvv',
  'smsCode',
  'token',
  'sessionId',
  'password',
  'authorization',
  'cookie',
];

export const logOptions = (level: string): LoggerOptions => ({
  level,
  serializers: {
    req: (request: FastifyRequest) => ({
      method: request.method,
      url: loggedUrl(request),
      host: request.host,
      remoteAddress: request.ip,
    }),
  },
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', ...SENSITIVE_FIELDS, ...SENSITIVE_FIELDS.map((field) => `*.${field}`)],
    censor: '[redacted]',
  },
});
