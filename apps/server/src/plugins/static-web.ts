/** Serves the built web app: hashed assets cached for good, index.html never cached, SPA fallback for page routes. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONTACTS_META_NAME, type CompanyContacts, type Market } from '@kilat/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that belong to the server, never to the SPA fallback. */
export const SERVER_PREFIXES = ['/giants', '/docs', '/dev', '/webhooks', '/sandbox', '/livez', '/readyz', '/healthz', '/metrics'];

export const isServerPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The page with the deployment's contacts in a `<meta>` (docs/decisions/057): the pages read the
 * lender's phone, e-mail, name and address from the server's environment, not from the build.
 */
export const withContacts = (html: string, contacts: Record<Market, CompanyContacts>): string =>
  html.replace('</head>', `<meta name="${CONTACTS_META_NAME}" content="${escapeAttribute(JSON.stringify(contacts))}" /></head>`);

/** Registers the static files and answers the fallback to use for page routes the router does not know. */
export const registerStaticWeb = async (
  app: FastifyInstance,
  webDist: string,
  contacts: Record<Market, CompanyContacts>,
): Promise<SpaFallback> => {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: pages answer 503 until `npm run build` is run');
    return (_request, reply) =>
      reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('The Kilat web app is not built yet. Run `npm run build`, then restart the server.');
  }
  const page = withContacts(readFileSync(join(webDist, 'index.html'), 'utf8'), contacts);
  await app.register(fastifyStatic, {
    root: webDist,
    cacheControl: false,
    // the build writes .br and .gz beside each text file (apps/web/build/precompress.ts): sent as the client accepts
    preCompressed: true,
    // '/' and every page route get the page with the contacts, from the fallback below
    index: false,
    // file names under /assets carry their content hash, so they never change
    setHeaders: (reply, path) => {
      const immutable = path.includes(`${join(webDist, 'assets')}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const sendPage: SpaFallback = (_request, reply) => reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply));
  return sendPage;
};
