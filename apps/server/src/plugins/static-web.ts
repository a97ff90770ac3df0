/**
 * Serves the built web app: hashed assets cached for good, index.html never cached, and page routes
 * rendered on the server where the web app's server entry marks them (docs/decisions/080): the
 * static pages as prerendered at server start, loan details rendered per request with its data. Any
 * other route, or one whose render fails, gets the client-only shell. Every page carries the
 * deployment's contacts in a meta (docs/decisions/057).
 */
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  CONTACTS_META_NAME,
  type CompanyContacts,
  chooseLocale,
  languageFromCookieHeader,
  localeOf,
  Market,
  marketFromCookieHeader,
  marketFromIsNeedPop,
} from '@kilat/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, InjectOptions } from 'fastify';
import { pathOf } from '../http/log-options.js';

/** Paths that belong to the server, never to the SPA fallback. */
export const SERVER_PREFIXES = ['/giants', '/docs', '/dev', '/webhooks', '/sandbox', '/livez', '/readyz', '/healthz', '/metrics'];

export const isServerPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
};

export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => void;

/** What the web app's server entry (apps/web/src/entry-server.tsx) exports. */
interface ServerEntry {
  serverRoutes: Record<string, { static: boolean }>;
  render(input: {
    path: string;
    search: string;
    fetch: (url: string, init: RequestInit) => Promise<Response>;
    contacts: Contacts;
    language?: string | null;
  }): Promise<(PageParts & { marker: string }) | null>;
  pageHtml(template: string, manifest: unknown, page: PageParts, styleTexts?: ReadonlyMap<string, string>): string;
}
type Contacts = Record<Market, CompanyContacts>;
type PageParts = { html: string; marker: string; lang: string; modules: string[]; themeCss: string; queries: unknown };

/** One HTML document with its compressed copies. */
interface HtmlDocument {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

const compressed = (html: string): HtmlDocument => {
  const raw = Buffer.from(html);
  return {
    html: raw,
    // quality 5: about as small as 11 for a page this size, at a per-request cost of well under a millisecond
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }),
    gzip: gzipSync(raw, { level: 6 }),
  };
};

const sendDocument = (request: FastifyRequest, reply: FastifyReply, document: HtmlDocument, cacheControl: string) => {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  // a page's language follows the language cookie (decision 111): a shared cache keys on it too
  reply.header('cache-control', cacheControl).header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8');
  if (/\bbr\b/.test(accepted)) reply.header('content-encoding', 'br').send(document.br);
  else if (/\bgzip\b/.test(accepted)) reply.header('content-encoding', 'gzip').send(document.gzip);
  else reply.send(document.html);
};

/** A static page makes no call while it renders (docs/decisions/081): one that tried fails its prerender. */
const noCalls = async (url: string): Promise<Response> => {
  throw new Error(`a static page called ${url.split('?')[0]} while prerendering`);
};

/** isNeedPop of each market pack (spec §1): 1 chooses India, anything else Indonesia. */
const IS_NEED_POP: Record<Market, string> = { [Market.India]: '1', [Market.Indonesia]: '0' };

/**
 * The static pages, rendered once per market pack at server start with this deployment's contacts
 * (docs/decisions/081), by `${market}:${path}`. A page whose prerender fails is left out: it is
 * rendered per request instead, and gets the shell if that fails too.
 */
/** The built stylesheets' text by file name (`assets/x.css`): a server-rendered page carries its own (docs/decisions/122). */
const styleTextsOf = async (webDist: string): Promise<Map<string, string>> => {
  const assets = join(webDist, 'assets');
  const files = (await readdir(assets)).filter((name) => name.endsWith('.css'));
  return new Map(await Promise.all(files.map(async (name) => [`assets/${name}`, await readFile(join(assets, name), 'utf8')] as const)));
};

/** How a page is put into the document: the template, the build's manifest and its stylesheets. */
interface DocumentParts {
  template: string;
  manifest: unknown;
  styleTexts: ReadonlyMap<string, string>;
}

const prerenderStatic = async (app: FastifyInstance, entry: ServerEntry, parts: DocumentParts, contacts: Contacts) => {
  const pages = new Map<string, HtmlDocument>();
  for (const [path, route] of Object.entries(entry.serverRoutes)) {
    if (!route.static) continue;
    for (const market of [Market.India, Market.Indonesia]) {
      try {
        const page = await entry.render({ path, search: `isNeedPop=${IS_NEED_POP[market]}`, fetch: noCalls, contacts });
        if (page) pages.set(`${market}:${path}`, compressed(entry.pageHtml(parts.template, parts.manifest, page, parts.styleTexts)));
      } catch (error) {
        app.log.warn({ path, market, reason: error instanceof Error ? error.message : String(error) }, 'static page not prerendered');
      }
    }
  }
  app.log.info({ pages: pages.size }, 'static pages prerendered');
  return pages;
};

/** The page's own calls while it renders go through the app's real routes, in process, as the borrower's request. */
const injectFetch =
  (app: FastifyInstance, request: FastifyRequest) =>
  async (url: string, init: RequestInit): Promise<Response> => {
    const response = await app.inject({
      method: (init.method ?? 'GET') as InjectOptions['method'],
      url,
      headers: {
        ...(init.headers as Record<string, string>),
        'user-agent': request.headers['user-agent'] ?? '',
        // the texts the API returns speak the language the borrower chose, as in the browser (decision 111)
        cookie: request.headers.cookie ?? '',
      },
      payload: typeof init.body === 'string' ? init.body : undefined,
      remoteAddress: request.ip,
    });
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: { 'content-type': response.headers['content-type'] ?? '' },
    });
  };

/** The market of the borrower whose session the address carries (a shell link), null without a valid one. */
const sessionMarketOf = async (app: FastifyInstance, address: URLSearchParams): Promise<Market | null> => {
  const token = address.get('sessionId');
  const deviceId = address.get('deviceId');
  if (!token || !deviceId || !app.hasDecorator('auth')) return null;
  try {
    return (await app.auth.sessions.resolve(token, deviceId))?.market ?? null;
  } catch {
    return null;
  }
};

const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * The page with the deployment's contacts in a `<meta>` (docs/decisions/057): the pages read the
 * lender's phone, e-mail, name and address from the server's environment, not from the build.
 */
export const withContacts = (html: string, contacts: Contacts): string =>
  html.replace('</head>', `<meta name="${CONTACTS_META_NAME}" content="${escapeAttribute(JSON.stringify(contacts))}" /></head>`);

/** Registers the static files and answers the fallback to use for page routes the router does not know. */
export const registerStaticWeb = async (
  app: FastifyInstance,
  webDist: string,
  contacts: Contacts,
  webSsrDist?: string,
): Promise<SpaFallback> => {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built: pages answer 503 until `npm run build` is run');
    return (_request, reply) =>
      void reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('The Kilat web app is not built yet. Run `npm run build`, then restart the server.');
  }
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
  const template = withContacts(await readFile(join(webDist, 'index.html'), 'utf8'), contacts);
  const shell = (reply: FastifyReply) => void reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(template);
  const fallback = await pageFallback(app, { webDist, webSsrDist, template, contacts }, shell);
  // '/' is the official home, a page route like the others (the static files would answer it with the bare index.html)
  app.get('/', { schema: { hide: true } }, (request, reply) => fallback(request, reply));
  return fallback;
};

const pageFallback = async (
  app: FastifyInstance,
  { webDist, webSsrDist, template, contacts }: { webDist: string; webSsrDist: string | undefined; template: string; contacts: Contacts },
  shell: (reply: FastifyReply) => void,
): Promise<SpaFallback> => {
  const entryFile = webSsrDist ? join(webSsrDist, 'entry-server.js') : '';
  if (!webSsrDist || !existsSync(entryFile) || !existsSync(join(webDist, '.vite', 'manifest.json'))) {
    app.log.info({ webSsrDist }, 'no server entry of the web app: every page is sent as the client-only shell');
    return (_request, reply) => shell(reply);
  }
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const manifest = JSON.parse(await readFile(join(webDist, '.vite', 'manifest.json'), 'utf8')) as unknown;
  const parts: DocumentParts = { template, manifest, styleTexts: await styleTextsOf(webDist) };
  const prerendered = await prerenderStatic(app, entry, parts, contacts);

  const renderPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    let search = request.url.slice(path.length).replace(/^\?/, '');
    const route = entry.serverRoutes[path];
    if (!route) {
      request.log.debug({ path }, 'route not server-rendered: sent the client-only shell');
      shell(reply);
      return;
    }
    const language = languageFromCookieHeader(request.headers.cookie);
    // an address without isNeedPop is rendered in its session's borrower's market (a shell link), else in the
    // market this phone last used (an SMS link, a new tab): never a default (issue 48)
    const address = new URLSearchParams(search);
    if (address.get('isNeedPop') === null) {
      const known = (await sessionMarketOf(app, address)) ?? marketFromCookieHeader(request.headers.cookie);
      if (known) search = `${search ? `${search}&` : ''}isNeedPop=${IS_NEED_POP[known]}`;
    }
    const market = marketFromIsNeedPop(new URLSearchParams(search).get('isNeedPop'));
    // the prerendered pages speak the market's language; another chosen language is rendered per request
    if (route.static && chooseLocale(market, language) === localeOf(market)) {
      const page = prerendered.get(`${market}:${path}`);
      if (page) {
        sendDocument(request, reply, page, 'no-cache');
        return;
      }
    }
    try {
      const page = await entry.render({ path, search, fetch: injectFetch(app, request), contacts, language });
      if (!page) throw new Error('the server entry renders no such route');
      // a borrower's own data: never kept by a shared cache
      sendDocument(
        request,
        reply,
        compressed(entry.pageHtml(template, manifest, page, parts.styleTexts)),
        route.static ? 'no-cache' : 'private, no-store',
      );
    } catch (error) {
      // the reason only: the address (with its session token) is never logged
      request.log.debug(
        { path, reason: error instanceof Error ? error.message : String(error) },
        'server render failed: sent the client-only shell',
      );
      shell(reply);
    }
  };
  return (request, reply) => void renderPage(request, reply);
};
