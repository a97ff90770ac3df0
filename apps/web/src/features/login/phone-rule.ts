import { Limits, Market, type MessageKey } from '@kilat/contract';
import { digitsOnly } from '@/shared/input-masks';

/**
 * The login phone of each market, until the contract's one phone rule per market (DESIGN §6)
 * lands: this file is the only place the login page asks, so that rule replaces it here.
 * Today it follows the login call's own check (9–13 digits) and groups for display.
 */
const LOGIN_PHONE = /^\d{9,13}$/;
// 13: the login call's own bound; a registration phone (spec §5's 11 digits) must still get in
const MAX_DIGITS = 13;
const SMS_CODE = new RegExp(`^\\d{${Limits.smsCodeLength}}$`);

/** Digits only, at most the market's length, grouped: India 5-5-rest (98765 43210), Indonesia 4-4-rest (0812 3456 7890). */
export const maskLoginPhone = (market: Market, text: string): string => {
  const digits = digitsOnly(text).slice(0, MAX_DIGITS);
  const groups =
    market === Market.India
      ? [digits.slice(0, 5), digits.slice(5, 10), digits.slice(10)]
      : [digits.slice(0, 4), digits.slice(4, 8), digits.slice(8)];
  return groups.filter(Boolean).join(' ');
};

/** The phone as the login call takes it, or null with the registration page's text (spec §5). */
export const loginPhoneOf = (_market: Market, text: string): string | null => {
  const digits = digitsOnly(text);
  return LOGIN_PHONE.test(digits) ? digits : null;
};

export const limitSmsCode = (text: string): string => digitsOnly(text).slice(0, Limits.smsCodeLength);

/** What 'log in' needs, in the order the borrower fills it: the first problem's text, or null. */
export const loginProblem = (market: Market, phone: string, smsCode: string): MessageKey | null => {
  if (loginPhoneOf(market, phone) === null) return 'enterPhoneCorrectly';
  return SMS_CODE.test(smsCode) ? null : 'enterSmsCodeCorrectly';
};

/** Where to go after login: only a path of this site (never another origin), else the main screen. */
export const safeNext = (next: string, fallback: string): string =>
  next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
