/** Phone + SMS code login for the native shell (DESIGN §5): 6-digit codes, single use, 5 minutes, sent by the SMS provider. */
import { interpolate, Limits, type Market, ResultCode } from '@kilat/contract';
import { lockInTransaction } from '../../db/advisory-lock.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import { loginSmsText, type SmsProvider } from '../sms/sms-provider.js';
import type { AuthRepository } from './repository.js';
import type { IssuedSession, SessionService } from './session-service.js';
import { newSmsCode, sameHash, sha256 } from '../../crypto.js';

export const LOGIN_CODE_TTL_MINUTES = 5;
/** after this many wrong tries a code is dead, so six digits cannot be walked through */
export const LOGIN_CODE_MAX_ATTEMPTS = 5;
/** login codes one phone may be sent in 24 hours (issue 16): a cap on what an attacker can make us spend */
export const LOGIN_CODES_PER_DAY = 10;

const codeHash = (market: Market, phone: string, code: string) => sha256(`${market}:${phone}:${code}`);

const wrongCode = () => new AppError(ResultCode.WrongVerificationCode, 'verificationCodeWrong', 400);

export class LoginService {
  constructor(
    private readonly repository: AuthRepository,
    private readonly sessions: SessionService,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
  ) {}

  /**
   * Sends a code to a known borrower; an unknown phone gets the same answer so numbers cannot be probed.
   * The resend check, the code and the SMS share one transaction under a lock on the phone, so
   * simultaneous requests on any number of instances send one code (docs/decisions/032).
   */
  async sendCode(market: Market, phone: string): Promise<void> {
    const borrower = await this.repository.findBorrowerByPhone(market, phone);
    if (!borrower) return;
    await this.repository.transaction(async (tx) => {
      await lockInTransaction(tx, 'login-code', `${market}:${phone}`);
      const now = this.clock.now();
      const previous = await this.repository.latestLoginCode(market, phone, tx);
      if (previous && now.getTime() - previous.createdAt.getTime() < Limits.resendCountdownSeconds * 1000) {
        throw AppError.rateLimited('doNotResendCode');
      }
      const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
      if ((await this.repository.countLoginCodesSince(market, phone, dayAgo, tx)) >= LOGIN_CODES_PER_DAY) {
        throw AppError.rateLimited('smsPhoneDailyLimit');
      }
      const code = newSmsCode(Limits.smsCodeLength);
      await this.repository.insertLoginCode(
        {
          market,
          phone,
          codeHash: codeHash(market, phone, code),
          expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MINUTES * 60_000),
          createdAt: now,
        },
        tx,
      );
      await this.sms.send(
        {
          market,
          phone,
          purpose: 'login',
          body: interpolate(loginSmsText(market), { code, minutes: LOGIN_CODE_TTL_MINUTES }),
        },
        tx,
      );
    });
  }

  async login(market: Market, phone: string, code: string, deviceId: string): Promise<IssuedSession & { borrowerId: number }> {
    const now = this.clock.now();
    const latest = await this.repository.latestLoginCode(market, phone);
    if (!latest || latest.usedAt || latest.expiresAt <= now || latest.attempts >= LOGIN_CODE_MAX_ATTEMPTS) throw wrongCode();
    if (!sameHash(latest.codeHash, codeHash(market, phone, code))) {
      await this.repository.countFailedAttempt(latest.id);
      throw wrongCode();
    }
    if (!(await this.repository.consumeLoginCode(latest.id, now))) throw wrongCode();
    const borrower = await this.repository.findBorrowerByPhone(market, phone);
    if (!borrower) throw wrongCode();
    const session = await this.sessions.issue(borrower.id, deviceId);
    return { ...session, borrowerId: borrower.id };
  }
}
