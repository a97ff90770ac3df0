import type { CompanyContacts, Locale, Market } from '@kilat/contract';

/** What the server knows of the page it renders: the path, the address's query without the session token, and the market. */
export interface ServerRequest {
  path: string;
  /** the query string without '?' and without the session token (DESIGN §3) */
  search: string;
  market: Market;
  /** the language the borrower chose (the request's language cookie, decision 111); null: the market's */
  language: Locale | null;
  /** the deployment's lender and customer-service contacts (decision 057), which the page's meta also carries */
  contacts: Record<Market, CompanyContacts>;
  /** the borrower's token for the server's own calls while rendering; never rendered, never logged */
  sessionToken: string;
  /** how the server calls its own API while rendering (in process, through the real routes) */
  fetch: (url: string, init: RequestInit) => Promise<Response>;
}

let source: (() => ServerRequest | undefined) | null = null;

/** Set once by the server entry: the request being rendered (kept per request by the server, never module state). */
export const setServerRequestSource = (read: () => ServerRequest | undefined): void => {
  source = read;
};

/** The request the server is rendering; undefined in the browser. */
export const serverRequest = (): ServerRequest | undefined => (typeof window === 'undefined' ? source?.() : undefined);
