import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatMoney, Market, OrderStatus } from '@kilat/contract';
import { BOOT_SCRIPT } from '@kilat/contract/boot-script';
import { build } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, demoSession, SETUP_TIMEOUT_MS, useTempDir, useTestApp } from '../test/app.js';
import { logCapture } from '../test/log-capture.js';

const webDir = fileURLToPath(new URL('../../../web/', import.meta.url));

const out = useTempDir('kilat-ssr-');
// a deployment's own contacts (decision 057), none of them the contract's defaults
const company = {
  IN: {
    name: 'Lender IN Pvt Ltd',
    address: '12 Park Street, Kolkata',
    registration: 'RBI CoR B-05.01234',
    phone: '+91 33 4000 1234',
    email: 'care@lender-in.example',
    grievance: { name: 'R. Nodal', phone: '+91 33 4000 9999', email: 'nodal@lender-in.example' },
  },
  ID: {
    name: 'PT Lender Nusantara',
    address: 'Jl. Sudirman 1, Jakarta',
    registration: 'KEP-77/D.05/2026',
    phone: '+62 21 7000 5678',
    email: 'cs@lender-id.example',
    grievance: { name: 'Unit Pengaduan Lender', phone: '+62 21 7000 9999', email: 'pengaduan@lender-id.example' },
  },
};
const logs = logCapture();

beforeAll(async () => {
  // the real web app, built as `npm run build` builds it (browser build, then the server entry), into a scratch folder
  const configFile = join(webDir, 'vite.config.ts');
  await build({ root: webDir, configFile, logLevel: 'silent', build: { outDir: join(out.path, 'dist'), emptyOutDir: true } });
  await build({
    root: webDir,
    configFile,
    logLevel: 'silent',
    build: { ssr: 'src/entry-server.tsx', outDir: join(out.path, 'dist-ssr'), emptyOutDir: true },
  });
}, SETUP_TIMEOUT_MS);
const t = useTestApp(() => ({
  config: { webDist: join(out.path, 'dist'), webSsrDist: join(out.path, 'dist-ssr'), logLevel: 'debug', company },
  app: { logStream: logs.stream },
}));

const pageAddress = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

describe('pages rendered on the server (docs/decisions/080)', () => {
  for (const market of [Market.India, Market.Indonesia]) {
    it(`renders loan details with its status from the borrower's token, and the token is in neither the HTML nor the log (${market})`, async () => {
      const session = await demoSession(t.app, market);
      const details = await call(t.app, 'loanDetails', {
        session,
        query: { market },
        body: { orderId: session.orderId, productId: session.productId },
      });
      const status = (details.json() as { data: { noticeStatusText: string } }).data.noticeStatusText;
      expect(status).not.toBe('');

      const page = await t.app.inject({
        method: 'GET',
        url: pageAddress('/loanDetails', {
          isNeedPop: market === Market.India ? '1' : '0',
          deviceId: session.deviceId,
          sessionId: session.sessionId,
          orderId: session.orderId,
          productId: session.productId,
        }),
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      // a borrower's data: no shared cache keeps it
      expect(page.headers['cache-control']).toBe('private, no-store');
      expect(page.body).toContain(`data-ssr="${market}:/loanDetails"`);
      expect(page.body).toContain(`<html lang="${market === Market.India ? 'en-IN' : 'id-ID'}">`);
      expect(page.body).toContain(status);
      // the data the page rendered from, embedded once for the browser's query cache
      expect(page.body).toContain('<script id="kilat-queries" type="application/json">');
      expect(page.body).not.toContain(session.sessionId);
      expect(logs.text()).not.toContain(session.sessionId);
    });
  }

  it("renders main with the borrower's running loan from the address's token, the orders embedded once, no token in the HTML (decision 168)", async () => {
    const session = await demoSession(t.app, Market.India);
    const orders = await call(t.app, 'myOrders', { session, query: { market: Market.India }, body: {} });
    const orderNos = (orders.json() as { data: { list: { orderNo: string }[] } }).data.list.map((order) => order.orderNo);
    expect(orderNos.length).toBeGreaterThan(0);
    const page = await t.app.inject({
      method: 'GET',
      url: pageAddress('/main', { isNeedPop: '1', deviceId: session.deviceId, sessionId: session.sessionId }),
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('data-ssr="IN:/main"');
    // the running loan's order number, in the markup and in the embedded query cache
    expect(orderNos.some((orderNo) => page.body.split(orderNo).length > 2)).toBe(true);
    expect(page.body).toContain('<script id="kilat-queries" type="application/json">');
    expect(page.body).not.toContain(session.sessionId);
  });

  it("renders installments at /repay with the order's pending periods and their amounts, the plan embedded once, no session token in the HTML (issue 33)", async () => {
    const session = await demoSession(t.app, Market.Indonesia);
    const query = { orderId: session.orderId, productId: session.productId };
    const plan = await call(t.app, 'installmentPlan', { session, query: { market: Market.Indonesia }, body: query });
    const pending = (plan.json() as { data: { repayPlanDetail: { repayWaitDetail: { periodNo: number; amount: string }[] } } }).data
      .repayPlanDetail.repayWaitDetail;
    expect(pending.length).toBeGreaterThan(0);
    const page = await t.app.inject({
      method: 'GET',
      url: pageAddress('/repay', { isNeedPop: '0', deviceId: session.deviceId, sessionId: session.sessionId, ...query }),
      headers: { 'accept-encoding': 'identity' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('data-ssr="ID:/repay"');
    expect(page.body).toContain('<html lang="id-ID">');
    const root = page.body.slice(page.body.indexOf('<div id="root"'), page.body.indexOf('<script id="kilat-queries"'));
    for (const period of pending) expect(root).toContain(period.amount);
    const embedded = /<script id="kilat-queries" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1];
    const queries = (JSON.parse(embedded ?? '{}') as { queries?: { queryKey: unknown[] }[] }).queries ?? [];
    expect(queries.filter((entry) => entry.queryKey[0] === 'installmentPlan')).toHaveLength(1);
    expect(page.body).not.toContain(session.sessionId);
  });

  it('renders pages asked for at the same moment each with its own request: market, language and borrower (decision 172)', async () => {
    const [india, indonesia] = await Promise.all([demoSession(t.app, Market.India), demoSession(t.app, Market.Indonesia)]);
    const pageOf = (session: typeof india, path: string) =>
      t.app.inject({
        method: 'GET',
        url: pageAddress(path, {
          isNeedPop: session.market === Market.India ? '1' : '0',
          deviceId: session.deviceId,
          sessionId: session.sessionId,
          orderId: session.orderId,
          productId: session.productId,
        }),
        headers: { 'accept-encoding': 'identity' },
      });
    // the renders overlap: one ends while the others are still running, and each still reads its own request
    const asked = [
      [india, '/loanDetails'],
      [indonesia, '/loanDetails'],
      [india, '/repay'],
      [indonesia, '/main'],
      [india, '/main'],
      [indonesia, '/repay'],
    ] as const;
    const pages = await Promise.all(asked.map(([session, path]) => pageOf(session, path)));
    pages.forEach((page, n) => {
      const [session, path] = asked[n]!;
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`data-ssr="${session.market}:${path}"`);
      expect(page.body).toContain(`<html lang="${session.market === Market.India ? 'en-IN' : 'id-ID'}">`);
      expect(page.body).not.toContain(india.sessionId);
      expect(page.body).not.toContain(indonesia.sessionId);
    });
    // and a render after them all still has its request
    const after = await pageOf(indonesia, '/loanDetails');
    expect(after.body).toContain('data-ssr="ID:/loanDetails"');
  });

  it("renders pay-way at /payway with the amount repayment-way bound, its answer embedded for the browser's first visit, no session token in the HTML (decision 168)", async () => {
    const session = await demoSession(t.app, Market.India);
    const page = await t.app.inject({
      method: 'GET',
      url: pageAddress('/payway', {
        isNeedPop: '1',
        deviceId: session.deviceId,
        sessionId: session.sessionId,
        orderId: session.orderId,
        productId: session.productId,
        withholdingAmount: '',
        purpose: 'repay',
      }),
      headers: { 'accept-encoding': 'identity' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('data-ssr="IN:/payway"');
    // the answer the page was rendered from: the browser takes it, and its single-use token, instead of asking for another
    const embedded = /<script id="kilat-queries" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1];
    const queries = JSON.parse(embedded ?? '{}') as {
      queries?: { queryKey: unknown[]; state: { data: { amount: number; repayToken: string } } }[];
    };
    const ways = (queries.queries ?? []).filter((query) => query.queryKey[0] === 'repaymentWay');
    expect(ways).toHaveLength(1);
    const way = ways[0]!.state.data;
    expect(way.amount).toBeGreaterThan(0);
    expect(way.repayToken).not.toBe('');
    // the amount in the markup, as the page shows it
    const root = page.body.slice(page.body.indexOf('<div id="root"'), page.body.indexOf('<script id="kilat-queries"'));
    expect(root).toContain(`<p class="amount-figure">${formatMoney(way.amount, Market.India)}</p>`);
    // pay is ready in the HTML: hydration keeps the server's attributes, so a fetch the server announced would stay disabled
    expect(root).toMatch(/<button type="submit" class="[^"]*" aria-disabled="false">/);
    expect(page.body).not.toContain(session.sessionId);
  });

  it("draws no toast on the server: a prefetch refused with a message leaves it out of the next borrower's page (decision 168's addendum)", async () => {
    // a fresh borrower's 11th order was disbursed 10 days ago: repayment-way refuses early repayment, with the date it opens
    const fresh = (await t.app.inject({ method: 'GET', url: `/dev/session?market=${Market.India}&fresh=1` })).json() as {
      deviceId: string;
      sessionId: string;
      orders: { orderId: string; orderNo: string; productId: string; status: number }[];
    };
    const recent = fresh.orders.find((order) => order.status === OrderStatus.Disbursed && order.orderNo.endsWith('11'))!;
    const refused = await call(t.app, 'repaymentWay', {
      session: fresh,
      query: { market: Market.India },
      body: { orderId: recent.orderId, withholdingAmount: '100000', purpose: 'repay' },
    });
    const refusal = (refused.json() as { message: string }).message;
    expect(refusal).toMatch(/^Early repayment is possible from \d{4}-\d{2}-\d{2}\.$/);

    const toasts = (html: string) => html.slice(html.indexOf('<div class="toast-region"'), html.indexOf('<script id="kilat-queries"'));
    const ownPage = await t.app.inject({
      method: 'GET',
      url: pageAddress('/payway', {
        isNeedPop: '1',
        deviceId: fresh.deviceId,
        sessionId: fresh.sessionId,
        orderId: recent.orderId,
        productId: recent.productId,
        withholdingAmount: '100000',
        purpose: 'repay',
      }),
    });
    // the render stops at the refusal, and the browser draws the page and its toast
    expect(ownPage.body).toContain('<div id="root"></div>');
    expect(ownPage.body).not.toContain(refusal);

    // another borrower's page right after it: the refusal is not in it
    const other = await demoSession(t.app, Market.India);
    const next = await t.app.inject({
      method: 'GET',
      url: pageAddress('/main', { isNeedPop: '1', deviceId: other.deviceId, sessionId: other.sessionId }),
    });
    expect(next.body).toContain('data-ssr="IN:/main"');
    expect(next.body).not.toContain(refusal);
    expect(toasts(next.body)).toMatch(/^<div class="toast-region" role="status"[^>]*><\/div>/);
  });

  it('serves the boot script first in the head and allows it, and no other inline script, by its hash in the CSP (decision 168)', async () => {
    for (const url of ['/?isNeedPop=1', '/complaintList?isNeedPop=1']) {
      const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
      expect(page.statusCode).toBe(200);
      const head = page.body.slice(page.body.indexOf('<head>'), page.body.indexOf('</head>'));
      expect(head.trimStart().startsWith(`<head>\n    <script>${BOOT_SCRIPT}</script>`), url).toBe(true);
      const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
      expect(scriptSrc?.split(' ').sort()).toEqual(["'self'", `'sha256-${hash}'`].sort());
    }
  });

  it('sends the client-only shell when the render fails (a token that is no session), logging why at debug level without the token', async () => {
    const token = 'not-a-session-token-0123456789';
    const page = await t.app.inject({
      method: 'GET',
      url: pageAddress('/loanDetails', { isNeedPop: '1', sessionId: token, orderId: '1' }),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.body).not.toContain(token);
    expect(logs.text()).toContain('server render failed: sent the client-only shell');
    expect(logs.text()).not.toContain(token);
  });

  it('sends the client-only shell for a route not marked server-renderable', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/complaintList?isNeedPop=1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(logs.text()).toContain('route not server-rendered: sent the client-only shell');
  });

  it('renders the official home in the pack isNeedPop chooses, with its CSS in the head and its chunk named for after the paint (decisions 122, 179)', async () => {
    const india = await t.app.inject({ method: 'GET', url: '/?isNeedPop=1', headers: { 'accept-encoding': 'identity' } });
    expect(india.statusCode).toBe(200);
    expect(india.body).toContain('<html lang="en-IN">');
    expect(india.body).toContain('data-ssr="IN:/"');
    const head = india.body.slice(0, india.body.indexOf('</head>'));
    // the route's stylesheet is in the page; its link, disabled, fetches nothing and stops the lazy import fetching it
    const routeCss = /<link rel="stylesheet" crossorigin href="\/(assets\/official-site-page-[\w-]+\.css)" disabled>/.exec(head)?.[1];
    expect(routeCss).toBeDefined();
    expect(head).toContain(`<style>${await readFile(join(out.path, 'dist', routeCss!), 'utf8')}</style>`);
    expect(head.match(/<link rel="stylesheet"[^>]*>/g)?.filter((link) => !link.endsWith(' disabled>'))).toEqual([]);
    // its scripts are named for the boot script, which asks for them once the page is painted (decision 179)
    expect(head).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    expect(head).toMatch(
      /<meta name="kilat-scripts" content="\/assets\/index-[\w-]+\.js [^"]*\/assets\/official-site-page-[\w-]+\.js[^"]*">/,
    );
    const indonesia = await t.app.inject({ method: 'GET', url: '/' });
    expect(indonesia.body).toContain('<html lang="id-ID">');
    expect(indonesia.body).toContain('data-ssr="ID:/"');
  });

  it('renders a page in the language the cookie chose, keeping the market: its pack marker, its amounts (decision 111)', async () => {
    const session = await demoSession(t.app, Market.India);
    const cookie = 'kilat_lang=id-ID';
    const details = await call(t.app, 'loanDetails', {
      session,
      query: { market: Market.India },
      body: { orderId: session.orderId, productId: session.productId },
      headers: { cookie },
    });
    const status = (details.json() as { data: { noticeStatusText: string } }).data.noticeStatusText;
    const english = await call(t.app, 'loanDetails', {
      session,
      query: { market: Market.India },
      body: { orderId: session.orderId, productId: session.productId },
    });
    expect(status).not.toBe((english.json() as { data: { noticeStatusText: string } }).data.noticeStatusText);
    const page = await t.app.inject({
      method: 'GET',
      url: pageAddress('/loanDetails', {
        isNeedPop: '1',
        deviceId: session.deviceId,
        sessionId: session.sessionId,
        orderId: session.orderId,
        productId: session.productId,
      }),
      headers: { cookie, 'accept-encoding': 'identity' },
    });
    expect(page.body).toContain('<html lang="id-ID">');
    expect(page.body).toContain('data-ssr="IN:/loanDetails"');
    // the server's own texts in the chosen language, the amounts in rupees
    expect(page.body).toContain(status);
    expect(page.body.slice(page.body.indexOf('<div id="root"'))).toContain('₹');
    expect(page.headers.vary).toContain('cookie');
  });

  it('renders a static page in the chosen language per request instead of sending the market’s prerendered one', async () => {
    const chosen = await t.app.inject({
      method: 'GET',
      url: '/?isNeedPop=1',
      headers: { cookie: 'kilat_lang=id-ID', 'accept-encoding': 'identity' },
    });
    expect(chosen.body).toContain('<html lang="id-ID">');
    expect(chosen.body).toContain('data-ssr="IN:/"');
    expect(chosen.body).toContain('Beranda');
    const market = await t.app.inject({ method: 'GET', url: '/?isNeedPop=1', headers: { 'accept-encoding': 'identity' } });
    expect(market.body).toContain('<html lang="en-IN">');
  });

  it("prerenders the official home at server start with the deployment's contacts in its footer and in the page's meta (decision 081)", async () => {
    for (const [isNeedPop, contacts] of [
      ['1', company.IN],
      ['0', company.ID],
    ] as const) {
      const page = await t.app.inject({ method: 'GET', url: `/?isNeedPop=${isNeedPop}`, headers: { 'accept-encoding': 'identity' } });
      const root = page.body.slice(page.body.indexOf('<div id="root"'));
      expect(root).toContain(contacts.phone);
      expect(root).toContain(contacts.email);
      expect(root).toContain(contacts.name);
      const meta = /<meta name="kilat-contacts" content="([^"]*)"/.exec(page.body)?.[1] ?? '';
      expect(JSON.parse(meta.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&'))).toEqual(company);
    }
  });

  it('puts the contacts meta into the client-only shell and into a page rendered per request', async () => {
    for (const url of ['/complaintList?isNeedPop=1', '/loanDetails?isNeedPop=1&sessionId=not-a-session-token-0123456789']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.body, url).toContain('<meta name="kilat-contacts"');
      expect(page.body, url).toContain(company.IN.phone);
    }
  });
});
