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
