import { API_PREFIX, type Endpoint, Limits, SESSION_HEADER, SESSION_MARKET_HEADER } from '@kilat/contract';
import { commonParams, getSessionToken, noticeSessionMarket, pageParam } from '@/shared/query-context';
import { serverRequest } from '@/shared/server-request';
import { NetworkError } from './errors';

export type FieldValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Fields = Record<string, FieldValue>;

/** Where the API lives: the page's own origin unless configured (the server serves both). */
let apiBase = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';
export const setApiBase = (base: string): void => {
  apiBase = base.replace(/\/$/, '');
};

const appendFields = (target: URLSearchParams, fields: Fields): void => {
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    target.append(name, Array.isArray(value) ? value.join(',') : String(value));
  }
};

/** The extra headers a client of spec §7 takes from same-named page-address parameters ('' when absent). */
export const headersFromPage = (names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, pageParam(name)]));

/** `{API base}/giants{path}?{common params}`, plus the call's own params for GET (spec §7). */
export const apiUrl = (endpoint: Pick<Endpoint, 'path'>, query: Fields = {}): string => {
  const search = new URLSearchParams();
  appendFields(search, commonParams());
  appendFields(search, query);
  return `${apiBase}${API_PREFIX}${endpoint.path}?${search}`;
};

export interface BuiltRequest {
  url: string;
  init: RequestInit & { method: string; headers: Record<string, string> };
}

/** The request of one call, built without sending it, so the wire format can be read in tests. */
export const buildRequest = (
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  fields: Fields | FormData,
  options: { contentType?: 'form' | 'json'; headers?: Record<string, string> } = {},
): BuiltRequest => {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', ...options.headers };
  // while the server renders a page it calls with the token of the page's address (DESIGN §3)
  const token = serverRequest()?.sessionToken ?? getSessionToken();
  if (token) headers[SESSION_HEADER] = `Bearer ${token}`;

  if (endpoint.method === 'GET') {
    return { url: apiUrl(endpoint, fields instanceof FormData ? {} : fields), init: { method: 'GET', headers } };
  }
  let body: BodyInit;
  if (fields instanceof FormData) {
    body = fields; // multipart: the browser writes the boundary
  } else if (options.contentType === 'json') {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(fields);
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams();
    appendFields(form, fields);
    body = form.toString();
  }
  return { url: apiUrl(endpoint), init: { method: 'POST', headers, body } };
};

/** Sends a built request with the 60 000 ms time-out of spec §9 and answers the parsed JSON body. */
export const send = async ({ url, init }: BuiltRequest): Promise<unknown> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), Limits.requestTimeoutMs);
  let response: Response;
  try {
    response = await (serverRequest()?.fetch ?? fetch)(url, { ...init, signal: controller.signal });
  } catch (cause) {
    clearTimeout(timer);
    throw new NetworkError(controller.signal.aborted ? 'timeout' : 'network', undefined, { cause });
  }
  // a session whose borrower is of another market than the tab assumed: the page is loaded again in theirs (issue 48)
  noticeSessionMarket(response.headers?.get(SESSION_MARKET_HEADER) ?? null);
  try {
    return await response.json();
  } catch (cause) {
    throw new NetworkError(controller.signal.aborted ? 'timeout' : 'not json', response.status, { cause });
  } finally {
    clearTimeout(timer);
  }
};
