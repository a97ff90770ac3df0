import { isValidPhone, Limits, type Market, type MessageKey, parsePhone } from '@kilat/contract';
import { digitsOnly } from '@/shared/input-masks';

/** The login phone is the contract's phone rule of the market (decision 056): the login call takes it in E.164. */
export const loginPhoneOf = (market: Market, text: string): string | null => parsePhone(text, market);

const SMS_CODE = new RegExp(`^\\d{${Limits.smsCodeLength}}$`);

/** The SMS code input keeps digits, at most 6 (spec §5). */
export const limitSmsCode = (text: string): string => digitsOnly(text).slice(0, Limits.smsCodeLength);

/** What 'log in' needs, in the order the borrower fills it: the first problem's text, or null. */
export const loginProblem = (market: Market, phone: string, smsCode: string): MessageKey | null => {
  if (!isValidPhone(phone, market)) return 'enterPhoneCorrectly';
  return SMS_CODE.test(smsCode) ? null : 'enterSmsCodeCorrectly';
};

/** Where to go after login: only a path of this site (never another origin), else the main screen. */
export const safeNext = (next: string, fallback: string): string =>
  next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
