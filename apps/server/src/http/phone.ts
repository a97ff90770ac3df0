/** Every call that takes a phone reads it with the market's rule of the contract (docs/decisions/056). */
import { type Market, parsePhone, ResultCode } from '@kilat/contract';
import { AppError } from './app-error.js';

/** The phone in E.164, or the borrower is told 'please enter phone correctly' in their language. */
export const requirePhone = (typed: string, market: Market): string => {
  const phone = parsePhone(typed, market);
  if (phone === null) throw new AppError(ResultCode.InvalidRequest, 'enterPhoneCorrectly', 400);
  return phone;
};
