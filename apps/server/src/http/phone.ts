/** Every call that takes a phone reads it with the market's rule of the contract (docs/decisions/056). */
import { Market, otherMarketOfPhone, parsePhone, ResultCode } from '@kilat/contract';
import { AppError } from './app-error.js';

/**
 * The phone in E.164, or the borrower is told 'please enter phone correctly' in their language; a
 * mobile of the other market is told whose it is (issue 48), never read as this market's.
 */
export const requirePhone = (typed: string, market: Market): string => {
  const phone = parsePhone(typed, market);
  if (phone !== null) return phone;
  const other = otherMarketOfPhone(typed, market);
  if (other === null) throw new AppError(ResultCode.InvalidRequest, 'enterPhoneCorrectly', 400);
  throw new AppError(ResultCode.InvalidRequest, other === Market.Indonesia ? 'phoneIsIndonesian' : 'phoneIsIndian', 400);
};
