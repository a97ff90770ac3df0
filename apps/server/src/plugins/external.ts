/** Ring 1 of the app (fastify/demo's `plugins/external`): security headers, rate limits, body parsers, the OpenAPI document. */

import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { BOOT_SCRIPT } from '@kilat/contract/boot-script';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { AppError } from '../http/app-error.js';
import { installStrictInput } from '../http/strict-input.js';

const API_VERSION = '1.0.0';

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;

/**
 * The headers a middleware sets on a response, read once by running it against a recording
 * response: helmet's are the same on every response when no directive is a function, so a request
 * pays for one `reply.headers` instead of helmet's chain of eleven middlewares.
 */
export const headersOf = (middleware: Middleware): Record<string, string> => {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown = null;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failed = error ?? null;
  });
  if (failed) throw failed;
  return headers;
};

/** The CSP source that allows the borrower app's inline boot script, and nothing else inline (decision 168). */
export const bootScriptSource = `'sha256-${createHash('sha256').update(BOOT_SCRIPT).digest('base64')}'`;

/**
 * The security headers of a JSON answer (decision 172): what OWASP's REST Security Cheat Sheet asks of
 * every API response, and a CSP that lets the answer load and run nothing and be framed by no page.
 * The headers that only steer how a browser treats a document (cross-origin opener, origin agent
 * cluster, DNS prefetch, IE's download and XSS filters, Flash and PDF policies) stay on documents.
 */
export const jsonAnswerHeaders = (documentHeaders: Record<string, string>): Record<string, string> => ({
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': documentHeaders['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');

export interface ExternalOptions {
  config: Config;
  /** security schemes besides the borrower's bearer session (the console's cookie) */
  securitySchemes: Record<string, unknown>;
}

const external = async (app: FastifyInstance, { config, securitySchemes }: ExternalOptions) => {
  // the security headers, worked out once at boot and set with the answer's other headers (issue 33, decisions 169 and 172)
  const documentHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // the web app's boot script in the head of index.html (old `#/payway` links), allowed by its hash
          scriptSrc: ["'self'", bootScriptSource],
          // the server-built pages (agreement, checkout, sandbox codes) carry their CSS in a <style> element
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ["'self'"],
          frameAncestors: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          // the product is served over plain http on a laptop; upgrading would break it
          upgradeInsecureRequests: null,
        },
      },
    }),
  );
  const apiHeaders = jsonAnswerHeaders(documentHeaders);
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.headers(isJson(reply.getHeader('content-type')) ? apiHeaders : documentHeaders);
    done(null, payload);
  });
  if (config.rateLimitMax > 0) {
    // with several instances the counters must be shared: Redis when configured (docs/decisions/032)
    // the client is loaded only by an instance given a Redis (decision 121)
    const redis = config.redisUrl
      ? new (await import('ioredis')).Redis(config.redisUrl, { connectTimeout: 2_000, maxRetriesPerRequest: 1 })
      : null;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
    await app.register(rateLimit, {
      max: config.rateLimitMax,
      timeWindow: '1 minute',
      errorResponseBuilder: () => AppError.rateLimited(),
      ...(redis ? { redis, nameSpace: 'kilat-rate-limit:', skipOnError: true } : {}),
    });
  }
  // form and JSON bodies, and the check of every input for text PostgreSQL cannot store (issue 32)
  installStrictInput(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kilat API', description: 'Every call of spec §7, under the API prefix.', version: API_VERSION },
      components: { securitySchemes: { session: { type: 'http', scheme: 'bearer' }, ...securitySchemes } as never },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
};

export default fp(external, { name: 'external' });
