import { isValidPhone, Limits, Market, type MessageKey, otherMarketOfPhone } from '@kilat/contract';
import { digitsOnly } from '@/shared/input-masks';
import { Paths } from '@/shared/paths';

const SMS_CODE = new RegExp(`^\\d{${Limits.smsCodeLength}}$`);

/** A registration phone: a mobile of the market (the spec's 11-digit rule is a defect, DESIGN §6). */
export const isRegistrationPhone = (phone: string, market: Market): boolean => isValidPhone(phone, market);

/** The captcha input keeps letters and digits, at most 4 (spec §5, §9). */
export const limitCaptcha = (text: string): string => text.replace(/[^0-9a-z]/gi, '').slice(0, Limits.captchaLength);

/** The SMS code input keeps digits, at most 6 (spec §5, §9). */
export const limitSmsCode = (text: string): string => digitsOnly(text).slice(0, Limits.smsCodeLength);

export interface RegistrationFields {
  /** as typed, with the market's mask */
  phone: string;
  captcha: string;
  smsCode: string;
}

/** What 'get code' needs: a valid phone, then a full image captcha; the text of the first failure (spec §5). */
/** A typed number of the other market is named as such (issue 48): the text saying whose it is, or null. */
export const otherMarketProblem = (phone: string, market: Market): MessageKey | null => {
  const other = otherMarketOfPhone(phone, market);
  if (other === null) return null;
  return other === Market.Indonesia ? 'phoneIsIndonesian' : 'phoneIsIndian';
};

export const sendSmsProblem = ({ phone, captcha }: RegistrationFields, market: Market): MessageKey | null => {
  if (!isRegistrationPhone(phone, market)) return otherMarketProblem(phone, market) ?? 'enterPhoneCorrectly';
  if (limitCaptcha(captcha).length !== Limits.captchaLength) return 'enterCaptchaCorrectly';
  return null;
};

/** What 'apply' needs: everything 'get code' needs, then a 6-digit SMS code (spec §5). */
export const registerProblem = (fields: RegistrationFields, market: Market): MessageKey | null =>
  sendSmsProblem(fields, market) ?? (SMS_CODE.test(fields.smsCode) ? null : 'enterSmsCodeCorrectly');

/** The channel params of the promotion pages (spec §2): app_from, user_from, utm_tag, id, links_id or down_id. */
export const channelParamNames = ['app_from', 'user_from', 'utm_tag', 'id', 'links_id', 'down_id'] as const;
export type ChannelParamName = (typeof channelParamNames)[number];
export type ChannelParams = Record<ChannelParamName, string>;

export const readChannelParams = (param: (name: string) => string): ChannelParams =>
  Object.fromEntries(channelParamNames.map((name) => [name, param(name).trim()])) as ChannelParams;

const channelQuery = (channel: ChannelParams, extra: Partial<ChannelParams>): string => {
  const query = new URLSearchParams();
  for (const name of ['app_from', 'user_from', 'utm_tag', 'id'] as const) if (channel[name]) query.set(name, channel[name]);
  for (const [name, value] of Object.entries(extra)) if (value) query.set(name, value);
  return query.toString();
};

/** The download template page, carrying the channel params (spec §2, §4). */
export const downloadTemplateHref = (channel: ChannelParams): string => {
  const query = channelQuery(channel, { down_id: channel.down_id });
  return `#${Paths.hash.downloadTemplate}${query ? `?${query}` : ''}`;
};

/** The agreement template page of one of the template's agreements (spec §2). */
export const agreementTemplateHref = (channel: ChannelParams, index: number): string =>
  `#${Paths.hash.agreementTemplate}?${channelQuery(channel, { links_id: String(index) })}`;

/** The template an address names: the download page may name its own (down_id), else the channel's id. */
export const templateIdOf = (channel: ChannelParams, page: 'registration' | 'download' | 'agreement'): string =>
  page === 'download' ? channel.down_id || channel.id : channel.id;

/** Only a path of this site (never another origin) is followed after registration, else the main screen. */
export const afterRegistrationHref = (next: string): string =>
  next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : Paths.main;

/** The login page the registration was opened from, in its market, still going where it was going (issue 48). */
export const backToLoginHref = (market: Market, next: string): string =>
  `${Paths.login}?${new URLSearchParams({ isNeedPop: market === Market.India ? '1' : '0', next: afterRegistrationHref(next) })}`;
