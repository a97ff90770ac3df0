import {
  CommonParam,
  type CommonParamName,
  DEFAULT_MERCHANT_NUMBER,
  MARKET_COOKIE,
  Market,
  marketFromCookieHeader,
  marketFromIsNeedPop,
  type QueryContextField,
  queryContextFields,
} from '@kilat/contract';
import { serverRequest } from '@/shared/server-request';

/** Address parameters remembered for the tab: spec §3 fields, the device fields of the common params and isNeedPop. */
const rememberedFields = [
  ...queryContextFields.filter((field) => field !== 'sessionId'),
  'deviceName',
  'osVersion',
  'gid',
  'platform',
  'isNeedPop',
] as const;
type RememberedField = (typeof rememberedFields)[number];

export type QueryContext = Record<RememberedField, string> & { sessionId: string; market: Market };

const CONTEXT_KEY = 'kilat.query-context';
const SESSION_KEY = 'kilat.session';
/** The market of the tab's session: its borrower's, whatever page the tab showed since (issue 30, decision 139). */
const SESSION_MARKET_KEY = 'kilat.session-market';
const SESSION_PARAM = 'sessionId' satisfies QueryContextField;

/** The page address's parameters: the query string, then a `#/path?query` hash route's query (spec §2). */
const addressParams = (): URLSearchParams => {
  const rendering = serverRequest();
  if (rendering) return new URLSearchParams(rendering.search);
  const params = new URLSearchParams(window.location.search);
  const hashQuery = window.location.hash.indexOf('?');
  if (hashQuery >= 0) {
    for (const [name, value] of new URLSearchParams(window.location.hash.slice(hashQuery + 1))) params.set(name, value);
  }
  return params;
};

const storage = (): Storage | null => {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
};

const readRemembered = (): Partial<Record<RememberedField, string>> => {
  try {
    return JSON.parse(storage()?.getItem(CONTEXT_KEY) ?? '{}') as Partial<Record<RememberedField, string>>;
  } catch {
    return {};
  }
};

/** Moves the session token from the address to sessionStorage so it never leaks through history, logs or Referer (DESIGN §3). */
const captureSessionToken = (): void => {
  const url = new URL(window.location.href);
  const hashQuery = url.hash.indexOf('?');
  const hashParams = new URLSearchParams(hashQuery >= 0 ? url.hash.slice(hashQuery + 1) : '');
  const token = hashParams.get(SESSION_PARAM) ?? url.searchParams.get(SESSION_PARAM);
  if (token === null) return;
  if (token) {
    storage()?.setItem(SESSION_KEY, token);
    // the shell's link names the borrower's market beside the session; without it, the session's market is not known
    const isNeedPop = hashParams.get('isNeedPop') ?? url.searchParams.get('isNeedPop');
    if (isNeedPop === null) storage()?.removeItem(SESSION_MARKET_KEY);
    else storage()?.setItem(SESSION_MARKET_KEY, marketFromIsNeedPop(isNeedPop));
  }
  url.searchParams.delete(SESSION_PARAM);
  if (hashQuery >= 0) {
    hashParams.delete(SESSION_PARAM);
    const rest = hashParams.toString();
    url.hash = url.hash.slice(0, hashQuery) + (rest ? `?${rest}` : '');
  }
  window.history.replaceState(window.history.state, '', url.href);
};

let cached: { href: string; context: QueryContext } | null = null;

/**
 * The spec §3 query context, read once per page address and merged over what this tab
 * remembered, so in-app navigation without parameters keeps the borrower's device and order.
 */
export const getQueryContext = (): QueryContext => {
  const rendering = serverRequest();
  // on the server: the address alone (no tab storage), and never the session token in what is rendered
  if (rendering) return contextFromParams(addressParams(), rendering.market);
  captureSessionToken();
  const href = window.location.href;
  if (cached?.href === href) return cached.context;

  const params = addressParams();
  const remembered = readRemembered();
  const merged = {} as Record<RememberedField, string>;
  for (const field of rememberedFields) merged[field] = params.get(field) ?? remembered[field] ?? '';
  try {
    storage()?.setItem(CONTEXT_KEY, JSON.stringify(merged));
  } catch {
    // storage full or blocked: the context still works for this page
  }
  const sessionId = getSessionToken();
  const market = pageMarket(params.get('isNeedPop'), sessionId ? sessionMarket() : null, merged.isNeedPop, deviceMarket());
  rememberDeviceMarket(market);
  const context: QueryContext = { ...merged, sessionId, market };
  cached = { href, context };
  return context;
};

const sessionMarket = (): Market | null => {
  const stored = storage()?.getItem(SESSION_MARKET_KEY);
  return stored === Market.India || stored === Market.Indonesia ? stored : null;
};

/**
 * The market of the page (spec §1, decision 139): the address's isNeedPop when it has one; else the
 * signed-in borrower's market; else the isNeedPop this tab was opened with. A page seen before
 * (an India page in a tab where an Indonesian borrower is signed in) never chooses it.
 */
export const pageMarket = (
  addressIsNeedPop: string | null,
  signedInMarket: Market | null,
  rememberedIsNeedPop: string,
  lastUsedOnDevice: Market | null = null,
): Market => {
  if (addressIsNeedPop !== null) return marketFromIsNeedPop(addressIsNeedPop);
  if (signedInMarket) return signedInMarket;
  // a tab opened without isNeedPop (a new tab, an SMS link): the market this phone last used, not a default (issue 48)
  if (!rememberedIsNeedPop && lastUsedOnDevice) return lastUsedOnDevice;
  return marketFromIsNeedPop(rememberedIsNeedPop);
};

/** The market this phone last used (issue 48), from its cookie; null when none was. */
const deviceMarket = (): Market | null => (typeof document === 'undefined' ? null : marketFromCookieHeader(document.cookie));

/** A year: what the phone last used is a preference, not a session. */
const MARKET_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Keeps the page's market as the one this phone last used, for a tab opened later without isNeedPop (issue 48). */
const rememberDeviceMarket = (market: Market): void => {
  if (typeof document === 'undefined' || deviceMarket() === market) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and missing from many phones' WebViews
  document.cookie = `${MARKET_COOKIE}=${market}; Path=/; Max-Age=${MARKET_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
};

/**
 * A session token the address brought without isNeedPop (a shell link) has no known market in the tab;
 * the server rendered the page in its borrower's (issue 48), and the tab keeps that one.
 */
export const adoptRenderedSessionMarket = (rendered: string | null): void => {
  if (typeof window === 'undefined' || (rendered !== Market.India && rendered !== Market.Indonesia)) return;
  const tokenInAddress = new URLSearchParams(window.location.search).has(SESSION_PARAM);
  const isNeedPopInAddress = addressParams().get('isNeedPop') !== null;
  if (!tokenInAddress || isNeedPopInAddress) return;
  captureSessionToken();
  if (getSessionToken() && !sessionMarket()) {
    storage()?.setItem(SESSION_MARKET_KEY, rendered);
    cached = null;
  }
};

/**
 * The server names the market of the session's borrower on every signed-in call (issue 48). A tab that
 * took another market for it (a shell link with a session and no isNeedPop, after another market's page)
 * keeps the borrower's from now on, and the page is loaded again in it; true when it was.
 */
export const noticeSessionMarket = (market: string | null): boolean => {
  if (typeof window === 'undefined' || serverRequest() || (market !== Market.India && market !== Market.Indonesia)) return false;
  if (!getSessionToken() || sessionMarket() === market) return false;
  storage()?.setItem(SESSION_MARKET_KEY, market);
  const shown = getQueryContext().market;
  cached = null;
  // the address's isNeedPop still decides the page (decision 139): only a page the tab guessed is loaded again
  if (shown === market || addressParams().get('isNeedPop') !== null) return false;
  window.location.reload();
  return true;
};

const contextFromParams = (params: URLSearchParams, market: Market): QueryContext => {
  const fields = {} as Record<RememberedField, string>;
  for (const field of rememberedFields) fields[field] = params.get(field) ?? '';
  return { ...fields, sessionId: '', market };
};

/** The borrower's session token; sent only as `Authorization: Bearer …`. */
export const getSessionToken = (): string => {
  if (typeof window === 'undefined') return '';
  captureSessionToken();
  return storage()?.getItem(SESSION_KEY) ?? '';
};

/** The market chosen by isNeedPop (spec §1): 1 India, anything else Indonesia. */
export const getMarket = (): Market => getQueryContext().market;

/** The common query parameters of every call (spec §7, DESIGN §3); never the session token. */
export const commonParams = (): Record<CommonParamName, string> => {
  const context = getQueryContext();
  return {
    [CommonParam.deviceId]: context.deviceId,
    [CommonParam.market]: context.market,
    [CommonParam.appVersion]: context.appVersion,
    [CommonParam.clientType]: context.clientType,
    [CommonParam.deviceName]: context.deviceName,
    [CommonParam.osVersion]: context.osVersion,
    [CommonParam.gid]: context.gid,
    [CommonParam.platform]: context.platform || 'h5',
  };
};

/** The merchant number of the address, or the default one (spec §9). */
export const merchantNumber = (): string => getQueryContext().merchantNumber || DEFAULT_MERCHANT_NUMBER;

/** One parameter of the current page address (query string or hash route query), '' when absent. */
export const pageParam = (name: string): string => {
  if (name === SESSION_PARAM) return '';
  return addressParams().get(name) ?? '';
};

/** Forgets the tab's context and the market this phone last used; for tests. */
export const clearQueryContext = (): void => {
  cached = null;
  if (typeof document !== 'undefined') {
    // biome-ignore lint/suspicious/noDocumentCookie: the cookie is written so too (rememberDeviceMarket)
    document.cookie = `${MARKET_COOKIE}=; Path=/; Max-Age=0`;
  }
  storage()?.removeItem(CONTEXT_KEY);
  storage()?.removeItem(SESSION_KEY);
  storage()?.removeItem(SESSION_MARKET_KEY);
};

const BROWSER_DEVICE_KEY = 'kilat.browser-device';

/**
 * The device id of a phone browser that no native shell named (issue 17): a random id kept in
 * this browser, so a session issued to it is bound to it as a shell's sessions are to their device.
 */
export const browserDeviceId = (): string => {
  const known = getQueryContext().deviceId;
  if (known) return known;
  let local: Storage | null = null;
  try {
    local = window.localStorage;
  } catch {
    local = null;
  }
  const stored = local?.getItem(BROWSER_DEVICE_KEY);
  if (stored) return stored;
  const created = `web-${crypto.randomUUID()}`;
  local?.setItem(BROWSER_DEVICE_KEY, created);
  return created;
};

/** After a login in the browser (issue 17): the session where DESIGN §3 keeps it, the device it is bound to and its borrower's market. */
export const startSession = (sessionId: string, deviceId: string, market: Market): void => {
  storage()?.setItem(SESSION_KEY, sessionId);
  storage()?.setItem(SESSION_MARKET_KEY, market);
  try {
    storage()?.setItem(CONTEXT_KEY, JSON.stringify({ ...readRemembered(), deviceId }));
  } catch {
    // storage blocked: the session cannot outlive this page
  }
  cached = null;
};

/** Logout (issue 17): the session ends here; the device and market stay, so the login page speaks the same language. */
export const endSession = (): void => {
  storage()?.removeItem(SESSION_KEY);
  storage()?.removeItem(SESSION_MARKET_KEY);
  cached = null;
};
