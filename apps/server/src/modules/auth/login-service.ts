/** Phone + SMS code login for the native shell (DESIGN §5): the one-time code of purpose 'login' (modules/otp), then a session. */
import { type Market, ResultCode } from '@kilat/contract';
import { AppError } from '../../http/app-error.js';
import type { OtpService } from '../otp/service.js';
import type { AuthRepository } from './repository.js';
import type { IssuedSession, SessionService } from './session-service.js';

export class LoginService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly sessions: SessionService,
    private readonly otp: OtpService,
  ) {}

  /**
   * Sends a code to a known borrower. A phone with no account in the market is told so, to register
   * first (issue 30): registration tells the same about a registered one, and the call stays under
   * its per-address limit, so it answers no more than the product already does (decision 138).
   */
  async sendCode(market: Market, phone: string): Promise<void> {
    const borrower = await this.repository.findBorrowerByPhone(market, phone);
    if (!borrower) throw new AppError(ResultCode.NoAccount, 'noAccountForPhone', 404);
    await this.otp.issue('login', { market, phone });
  }

  async login(market: Market, phone: string, code: string, deviceId: string): Promise<IssuedSession & { borrowerId: number }> {
    await this.otp.verify('login', { market, phone }, code);
    const borrower = await this.repository.findBorrowerByPhone(market, phone);
    if (!borrower) throw this.otp.refusal('login');
    const session = await this.sessions.issue(borrower.id, deviceId);
    return { ...session, borrowerId: borrower.id };
  }
}
