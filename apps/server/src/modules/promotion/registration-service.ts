/**
 * Registration on the promotion pages (spec §4, §8): get-sms checks the captcha, the phone and
 * the send limits, then sends a 6-digit code; register checks the captcha and the code and
 * creates the borrower.
 */
import { DEFAULT_MERCHANT_NUMBER, interpolate, Limits, Market, ResultCode } from '@kilat/contract';
import type { CallRequest } from '@kilat/contract/schemas';
import { lockInTransaction } from '../../db/advisory-lock.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lending/clock.js';
import { newSmsCode, sameHash, sha256 } from '../../crypto.js';
import type { SmsProvider } from '../sms/sms-provider.js';
import type { CaptchaService, CaptchaVerdict } from './captcha-service.js';
import type { PromotionRepository } from './repository.js';

export const REGISTRATION_CODE_TTL_MINUTES = 5;
/** after this many wrong tries a code is dead, so six digits cannot be walked through */
export const REGISTRATION_CODE_MAX_ATTEMPTS = 5;

/** Send limits (DESIGN §5): one per resend countdown and five an hour per phone; twenty an hour per IP address. */
export const SmsLimits = {
  perPhoneIntervalMs: Limits.resendCountdownSeconds * 1000,
  perPhonePerHour: 5,
  perIpPerHour: 20,
} as const;

const HOUR_MS = 60 * 60_000;

const registrationTexts: Record<Market, string> = {
  [Market.India]: 'Your Kilat registration code is {code}. It expires in {minutes} minutes. Do not share it with anyone.',
  [Market.Indonesia]: 'Kode pendaftaran Kilat Anda: {code}. Berlaku {minutes} menit. Jangan berikan kode ini kepada siapa pun.',
};

const codeHash = (market: Market, phone: string, code: string) => sha256(`registration:${market}:${phone}:${code}`);

// business outcomes the page handles (decision 002): 200 with the spec's code
const captchaRefused = (code: ResultCode, verdict: Exclude<CaptchaVerdict, 'right'>) =>
  new AppError(code, verdict === 'wrong' ? 'wrongCaptcha' : 'captchaExpired', 200);
const alreadyRegistered = () => new AppError(ResultCode.AlreadyRegistered, 'alreadyRegistered', 200);
const wrongSmsCode = () => new AppError(ResultCode.WrongVerificationCode, 'smsCodeWrong', 400);

type SendSmsInput = Pick<CallRequest<'sendSms'>, 'phone' | 'capcode' | 'sid'>;
type RegisterInput = CallRequest<'register'>;

export class RegistrationService {
  constructor(
    private readonly repository: PromotionRepository,
    private readonly captchas: CaptchaService,
    private readonly sms: SmsProvider,
    private readonly clock: Clock,
  ) {}

  async sendCode(market: Market, input: SendSmsInput, ip: string): Promise<void> {
    const now = this.clock.now();
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    // the network's cap first: it costs nothing to check and spends no captcha
    if ((await this.repository.countCodesSince({ ip }, hourAgo)) >= SmsLimits.perIpPerHour) {
      throw AppError.rateLimited('smsNetworkHourlyLimit');
    }
    const verdict = await this.captchas.checkForSms(input.sid, input.capcode, input.phone);
    if (verdict !== 'right') throw captchaRefused(ResultCode.WrongCaptchaOnSms, verdict);
    if (await this.repository.isRegistered(market, input.phone)) throw alreadyRegistered();

    const code = newSmsCode(Limits.smsCodeLength);
    // the limits are checked again, and the code written and sent, under locks on the address and
    // the phone: simultaneous requests on any number of instances cannot all pass (docs/decisions/032)
    await this.repository.db.transaction(async (tx) => {
      await lockInTransaction(tx, 'registration-sms-ip', ip);
      await lockInTransaction(tx, 'registration-sms-phone', input.phone);
      if ((await this.repository.countCodesSince({ ip }, hourAgo, tx)) >= SmsLimits.perIpPerHour) {
        throw AppError.rateLimited('smsNetworkHourlyLimit');
      }
      const latest = await this.repository.latestCodeSentTo(input.phone, tx);
      if (latest && now.getTime() - latest.createdAt.getTime() < SmsLimits.perPhoneIntervalMs) {
        throw AppError.rateLimited('doNotResendCode');
      }
      if ((await this.repository.countCodesSince({ phone: input.phone }, hourAgo, tx)) >= SmsLimits.perPhonePerHour) {
        throw AppError.rateLimited('smsPhoneHourlyLimit');
      }
      await this.repository.insertCode(
        {
          market,
          phone: input.phone,
          ip,
          codeHash: codeHash(market, input.phone, code),
          expiresAt: new Date(now.getTime() + REGISTRATION_CODE_TTL_MINUTES * 60_000),
          createdAt: now,
        },
        tx,
      );
      await this.sms.send(
        {
          market,
          phone: input.phone,
          purpose: 'registration',
          body: interpolate(registrationTexts[market], { code, minutes: REGISTRATION_CODE_TTL_MINUTES }),
        },
        tx,
      );
    });
  }

  /** Creates the borrower in the market of the request; answers its id. */
  async register(market: Market, input: RegisterInput): Promise<number> {
    const verdict = await this.captchas.checkForRegistration(input.sid, input.capcode, input.phone);
    if (verdict !== 'right') throw captchaRefused(ResultCode.WrongCaptchaOnRegister, verdict);
    if (await this.repository.isRegistered(market, input.phone)) throw alreadyRegistered();

    const now = this.clock.now();
    const latest = await this.repository.latestCodeSentTo(input.phone);
    if (
      !latest ||
      latest.market !== market ||
      latest.usedAt ||
      latest.expiresAt <= now ||
      latest.attempts >= REGISTRATION_CODE_MAX_ATTEMPTS
    ) {
      throw wrongSmsCode();
    }
    if (!sameHash(latest.codeHash, codeHash(market, input.phone, input.smsCode))) {
      await this.repository.countFailedAttempt(latest.id);
      throw wrongSmsCode();
    }

    const borrowerId = await this.repository.db.transaction(async (tx) => {
      if (!(await this.repository.consumeCode(latest.id, now, tx))) throw wrongSmsCode();
      const id = await this.repository.insertBorrower({ market, phone: input.phone, name: input.userName?.trim() ?? '' }, tx);
      if (id === null) throw alreadyRegistered();
      await this.repository.insertRegistration(
        {
          borrowerId: id,
          templateId: input.id ?? '',
          deviceId: input.deviceId ?? '',
          appName: input.appName ?? '',
          merchantNumber: input.merchantNumber || DEFAULT_MERCHANT_NUMBER,
          inviteCode: input.invite_code ?? '',
          userFrom: input.user_from ?? '',
          appFrom: input.app_from ?? '',
          utmTag: input.utm_tag ?? '',
        },
        tx,
      );
      return id;
    });
    return borrowerId;
  }
}
