/**
 * The common query parameters of spec §7. The spec withholds their real names; these are ours
 * (DESIGN §3). The session token is not among them: it travels as `Authorization: Bearer …`.
 */
export const CommonParam = {
  deviceId: 'deviceId',
  market: 'market',
  appVersion: 'appVersion',
  clientType: 'clientType',
  deviceName: 'deviceName',
  osVersion: 'osVersion',
  gid: 'gid',
  platform: 'platform',
} as const;
export type CommonParamName = keyof typeof CommonParam;
export const commonParamNames = Object.values(CommonParam);

/** Markets: India (isNeedPop = 1) and Indonesia (anything else). */
export const Market = { India: 'IN', Indonesia: 'ID' } as const;
export type Market = (typeof Market)[keyof typeof Market];

export const Locale = { India: 'en-IN', Indonesia: 'id-ID' } as const;
export type Locale = (typeof Locale)[keyof typeof Locale];

export const localeOf = (market: Market): Locale => (market === Market.India ? Locale.India : Locale.Indonesia);

export const isLocale = (value: unknown): value is Locale => value === Locale.India || value === Locale.Indonesia;

/**
 * The cookie that keeps the borrower's choice of language (issue 17, decision 111): a preference,
 * not a secret, read by the page renderer, the browser at boot and the API's texts. Absent, the
 * language follows the market (isNeedPop).
 */
export const LANGUAGE_COOKIE = 'kilat_lang';

/** The language of the texts: the borrower's valid choice, else the market's own (spec §1). The market itself never changes. */
export const chooseLocale = (market: Market, chosen: string | null | undefined): Locale => (isLocale(chosen) ? chosen : localeOf(market));

/** The language choice in a Cookie header (null when absent or not one of the packs). */
export const languageFromCookieHeader = (header: string | null | undefined): Locale | null => {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== LANGUAGE_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return isLocale(value) ? value : null;
  }
  return null;
};

/**
 * The market this phone last used (issue 48): written by the pages whenever a market is known (the
 * address's isNeedPop, the signed-in borrower's, the login page's choice), read before anyone signs
 * in when the address names none, by the browser and by the page renderer. Never another tab's leftovers.
 */
export const MARKET_COOKIE = 'kilat_market';

/** The response header naming the market of the session's borrower on every signed-in call (issue 48). */
export const SESSION_MARKET_HEADER = 'x-kilat-market';

/** The market this phone last used in a Cookie header (null when absent or not a market). */
export const marketFromCookieHeader = (header: string | null | undefined): Market | null => {
  for (const part of (header ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== MARKET_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    return value === Market.India || value === Market.Indonesia ? value : null;
  }
  return null;
};

/** The spec's isNeedPop: 1 means the India pack, anything else Indonesia (spec §1). */
export const marketFromIsNeedPop = (isNeedPop: string | number | null | undefined): Market =>
  String(isNeedPop ?? '').trim() === '1' ? Market.India : Market.Indonesia;

/**
 * Query-context fields of spec §3, read once from the page address.
 * `sessionId` is among them on the address only; DESIGN §3 moves it to sessionStorage and a header.
 */
export const queryContextFields = [
  'deviceId',
  'appVersion',
  'userId',
  'appName',
  'sessionId',
  'clientType',
  'merchantNumber',
  'mobilePhone',
  'orderId',
  'productId',
  'couponId',
  'couponMoney',
  'withholdingAmount',
] as const;
export type QueryContextField = (typeof queryContextFields)[number];

/** Page-address parameters that become the JSON and form clients' extra headers (spec §7). */
export const JsonClientHeaders = ['spits', 'beech'] as const;
export const FormClientHeaders = ['swift', 'eyes'] as const;

/** The API's fixed base path segment (spec §7). */
export const API_PREFIX = '/giants';

/** The session header of DESIGN §3. */
export const SESSION_HEADER = 'authorization';
