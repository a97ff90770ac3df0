import { isValidPhone, Limits, Market, type MessageKey, otherMarketOfPhone, parsePhone } from '@kilat/contract';
import { digitsOnly } from '@/shared/input-masks';

/** The login phone is the contract's phone rule of the market (decision 056): the login call takes it in E.164. */
export const loginPhoneOf = (market: Market, text: string): string | null => parsePhone(text, market);

const SMS_CODE = new RegExp(`^\\d{${Limits.smsCodeLength}}$`);

/** The SMS code input keeps digits, at most 6 (spec §5). */
export const limitSmsCode = (text: string): string => digitsOnly(text).slice(0, Limits.smsCodeLength);

/** A typed number of the other market is named as such (issue 48): the text saying whose it is, or null. */
export const otherMarketProblem = (market: Market, phone: string): MessageKey | null => {
  const other = otherMarketOfPhone(phone, market);
  if (other === null) return null;
  return other === Market.Indonesia ? 'phoneIsIndonesian' : 'phoneIsIndian';
};

/** What the phone needs: the other market's number named, else 'enter phone correctly', or null. */
export const phoneProblem = (market: Market, phone: string): MessageKey | null =>
  isValidPhone(phone, market) ? null : (otherMarketProblem(market, phone) ?? 'enterPhoneCorrectly');

/** What 'log in' needs, in the order the borrower fills it: the first problem's text, or null. */
export const loginProblem = (market: Market, phone: string, smsCode: string): MessageKey | null => {
  const problem = phoneProblem(market, phone);
  if (problem) return problem;
  return SMS_CODE.test(smsCode) ? null : 'enterSmsCodeCorrectly';
};

/** Where to go after login: only a path of this site (never another origin), else the main screen. */
export const safeNext = (next: string, fallback: string): string =>
  next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : fallback;
