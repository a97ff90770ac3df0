/**
 * Multipart bodies only where a route takes files (issue 33, decision 169). @fastify/multipart
 * adds a hook before and after every request of the context it is registered in (for files saved
 * to disk, which Kilat never does); registered in a context of their own, the few routes that read
 * files get the parser and `request.parts()`, and every other request pays nothing for them. A
 * multipart body sent to any other route is refused as an unsupported content type (415).
 */
import multipart from '@fastify/multipart';
import { Limits } from '@kilat/contract';
import type { FastifyInstance } from 'fastify';

/** Registers `routes` in a child of `app` (its hooks, decorators and error handler) that parses multipart bodies. */
export const withFileUploads = (app: FastifyInstance, routes: (scope: FastifyInstance) => unknown) =>
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: Limits.uploadMaxBytes, files: 1, fields: 20 } });
    await routes(scope);
  });
