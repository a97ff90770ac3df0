/**
 * The server's entry (Vite SSR build, `dist-ssr/entry-server.js`): renders a page's HTML with
 * everything its first paint needs, for the routes marked here (docs/decisions/080). The server
 * sends any other route, or one whose render fails, as the client-only shell.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { type CompanyContacts, chooseLocale, isLocale, type Locale, type Market, marketFromIsNeedPop } from '@kilat/contract';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
// the web-streams build: the Node build keeps an AsyncLocalStorage of its own enabled for good after the first render (decision 172)
import { prerender } from 'react-dom/static.edge';
import { App } from '@/app/app';
import { problemInitQuery } from '@/features/complaints/api/get-problem-init';
import { startingOrder } from '@/features/complaints/use-selected-order';
import { loanDetailsQuery } from '@/features/loan-details/api/get-loan-details';
import { loanProductsQuery } from '@/features/my-loans/api/get-loan-products';
import { myOrdersQuery } from '@/features/my-loans/api/get-my-orders';
import { currentLoan } from '@/features/my-loans/loan-rules';
import { amountOf, readPayWayParams } from '@/features/repayment/hand-over';
import { installmentPlanQuery } from '@/features/repayment/installments/api/get-installment-plan';
import { repaymentWayQuery } from '@/features/repayment/pay-way/api/get-repayment-way';
import { envConfig } from '@/shared/config/env-config';
import { createQueryClient } from '@/shared/http/query-client';
import { unreadMessagesQuery } from '@/shared/messages/get-unread-messages';
import { Paths } from '@/shared/paths';
import { getQueryContext, pageParam } from '@/shared/query-context';
import { type ServerRequest, setServerRequestSource } from '@/shared/server-request';

const requests = new AsyncLocalStorage<ServerRequest>();
setServerRequestSource(() => requests.getStore());

/**
 * Renders in flight. On Node 20 an enabled AsyncLocalStorage runs a hook for every promise the
 * process makes, every API call's included: about 20 µs a request, measured (decision 172). So the
 * storage is enabled only while a page renders, and disabled once no render is in flight.
 */
let rendering = 0;
const withRequest = async <T,>(request: ServerRequest, work: () => Promise<T>): Promise<T> => {
  rendering += 1;
  try {
    return await requests.run(request, work);
  } finally {
    rendering -= 1;
    if (rendering === 0) requests.disable();
  }
};

const SESSION_PARAM = 'sessionId';

const officialSite = ['src/features/official-site/official-site-page.tsx', 'src/features/loan-terms/loan-terms-document.tsx'];

/**
 * Server-renderable routes and the source modules each shows (their chunks are preloaded and
 * their CSS linked in the head). A route not listed here is served as the client-only shell.
 */
interface ServerRoute {
  /** the source modules the route shows */
  modules: string[];
  /** the same for every borrower of a market: prerendered once at server start (docs/decisions/081) */
  static: boolean;
  /** fetches what the first paint shows into the query cache; a failure sends the shell instead */
  prefetch?: (client: QueryClient) => Promise<unknown>;
}

export const serverRoutes: Record<string, ServerRoute> = {
  [Paths.officialHome]: { modules: officialSite, static: true },
  ...Object.fromEntries(Object.values(Paths.officialSections).map((path) => [path, { modules: officialSite, static: true }])),
  [Paths.privacyPolicy]: { modules: ['src/features/privacy-policy/privacy-policy-page.tsx'], static: true },
  [Paths.privacyPolicyConfigured]: { modules: ['src/features/privacy-policy/privacy-policy-page.tsx'], static: true },
  [Paths.aboutUs]: { modules: ['src/features/about-us/about-us-page.tsx'], static: true },
  [Paths.loanTerms]: { modules: ['src/features/loan-terms/loan-terms-page.tsx'], static: true },
  [Paths.loanDetails]: {
    modules: ['src/features/loan-details/loan-details-page.tsx'],
    static: false,
    prefetch: (client) => {
      const { productId, orderId } = getQueryContext();
      return client.fetchQuery(loanDetailsQuery(productId, orderId));
    },
  },
  // main (issue 33, decision 168): the running loan, or the products to apply for, painted from the HTML; the
  // unread badge is silent in the browser too, so a count that fails leaves it out rather than the page
  [Paths.main]: {
    modules: ['src/features/my-loans/main-page.tsx'],
    static: false,
    prefetch: async (client) => {
      const [orders] = await Promise.all([client.fetchQuery(myOrdersQuery()), client.prefetchQuery(unreadMessagesQuery())]);
      if (!currentLoan(orders.list)) await client.fetchQuery(loanProductsQuery());
    },
  },
  // pay-way (issue 33, decision 168): the amount and the cards painted from the HTML. Repayment-way's token is single-use:
  // the answer goes into the HTML with the page, which takes it as its first visit's instead of asking for a second token.
  // Kept for the render (the query's own gcTime 0 would drop it before the page reads it)
  [Paths.payWay]: {
    modules: ['src/features/repayment/pay-way/pay-way-page.tsx'],
    static: false,
    prefetch: (client) => {
      const params = readPayWayParams(pageParam, getQueryContext());
      return client.fetchQuery({
        ...repaymentWayQuery(params.orderId, amountOf(params.withholdingAmount), params.purpose),
        gcTime: Infinity,
      });
    },
  },
  // installments (issue 33): the periods and their amounts painted from the HTML; nothing is selected until the borrower taps
  [Paths.repay]: {
    modules: ['src/features/repayment/installments/installments-page.tsx'],
    static: false,
    prefetch: (client) => {
      const { productId, orderId } = getQueryContext();
      return client.fetchQuery(installmentPlanQuery(productId, orderId));
    },
  },
  // the order of the address: an order saved by this browser makes it render afresh instead (app/hydration.ts)
  [Paths.complaintEntry]: {
    modules: ['src/features/complaints/complaint-entry-page.tsx'],
    static: false,
    prefetch: (client) => client.fetchQuery(problemInitQuery(startingOrder())),
  },
};

export interface RenderInput {
  /** the address's path */
  path: string;
  /** the address's query string, with or without '?'; a session token in it is dropped before anything renders */
  search: string;
  /** how the page's calls reach the API while rendering */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** the deployment's contacts (decision 057): the official site's footer, privacy, about and loan terms show them */
  contacts: Record<Market, CompanyContacts>;
  /** the language the borrower chose (the language cookie, decision 111); absent or not a pack: the market's */
  language?: string | null;
}

export interface RenderedPage {
  /** the markup of #root */
  html: string;
  /** what #root's data-ssr carries, for the browser to check it hydrates the same page */
  marker: string;
  lang: Locale;
  /** the source modules whose chunks and CSS the head names */
  modules: string[];
  /** the theme's CSS variables, so the first paint has the colours applyTheme sets later */
  themeCss: string;
  /** the query cache the page rendered from (react-query dehydrate), for the browser to start with; null when none */
  queries: unknown;
}

/** The address's query as the browser keeps it once the page has moved the session token out (DESIGN §3), and the token. */
export const splitSession = (search: string): { search: string; sessionToken: string } => {
  const raw = search.replace(/^\?/, '');
  const params = new URLSearchParams(raw);
  const sessionToken = params.get(SESSION_PARAM) ?? '';
  if (!params.has(SESSION_PARAM)) return { search: raw, sessionToken };
  params.delete(SESSION_PARAM);
  return { search: params.toString(), sessionToken };
};

const themeCss = `:root{--color-brand:${envConfig.backgroundColor};--color-text:${envConfig.fontColor};--color-link:${envConfig.linkColor}}`;

/** Longest a render may wait for its chunks and texts before the server gives up and sends the shell. */
const RENDER_TIMEOUT_MS = 3000;

/** Renders a marked route; null for a route that is not server-renderable. Throws when the render fails. */
export const render = async ({ path, search, fetch, contacts, language: chosen }: RenderInput): Promise<RenderedPage | null> => {
  const route = serverRoutes[path];
  if (!route) return null;
  const { search: cleanSearch, sessionToken } = splitSession(search);
  // the market pack is chosen as the browser chooses it (spec §1): isNeedPop of the address
  const market: Market = marketFromIsNeedPop(new URLSearchParams(cleanSearch).get('isNeedPop') ?? '');
  // the texts speak the borrower's choice, read from the same cookie the browser reads at boot
  const language = isLocale(chosen) ? chosen : null;
  const errors: unknown[] = [];
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error(`server render of ${path} took over ${RENDER_TIMEOUT_MS} ms`)), RENDER_TIMEOUT_MS);
  const queryClient = createQueryClient();
  try {
    return await withRequest({ path, search: cleanSearch, market, language, contacts, sessionToken, fetch }, async () => {
      await route.prefetch?.(queryClient);
      const { prelude } = await prerender(
        <StrictMode>
          <App market={market} ssrPath={path} ssrSearch={cleanSearch} queryClient={queryClient} />
        </StrictMode>,
        { signal: abort.signal, onError: (error) => void errors.push(error) },
      );
      if (errors.length > 0) throw errors[0];
      const html = await new Response(prelude).text();
      const queries = route.prefetch ? dehydrate(queryClient) : null;
      return { html, marker: `${market}:${path}`, lang: chooseLocale(market, language), modules: route.modules, themeCss, queries };
    });
  } finally {
    clearTimeout(timer);
    queryClient.clear();
  }
};

export { type BuildManifest, pageHtml } from '@/app/page-html';
