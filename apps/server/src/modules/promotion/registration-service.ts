/**
 * Registration on the promotion pages (spec §4, §8): get-sms checks the captcha, the phone and
 * the send limits, then sends a 6-digit code; register checks the captcha and the code and
 * creates the borrower.
 */
import { DEFAULT_MERCHANT_NUMBER, type Market, ResultCode } from '@kilat/contract';
import type { CallRequest } from '@kilat/contract/schemas';
import type { Db } from '../../db/database.js';
import { AppError } from '../../http/app-error.js';
import type { OtpService } from '../otp/service.js';
import type { CaptchaService, CaptchaVerdict } from './captcha-service.js';
import type { PromotionRepository } from './repository.js';

// business outcomes the page handles (decision 002): 200 with the spec's code
const captchaRefused = (code: ResultCode, verdict: Exclude<CaptchaVerdict, 'right'>) =>
  new AppError(code, verdict === 'wrong' ? 'wrongCaptcha' : 'captchaExpired', 200);
const alreadyRegistered = () => new AppError(ResultCode.AlreadyRegistered, 'alreadyRegistered', 200);

type SendSmsInput = Pick<CallRequest<'sendSms'>, 'phone' | 'capcode' | 'sid'>;
type RegisterInput = CallRequest<'register'>;

export class RegistrationService {
  constructor(
    private readonly repository: PromotionRepository,
    private readonly captchas: CaptchaService,
    private readonly otp: OtpService,
  ) {}

  async sendCode(market: Market, input: SendSmsInput, ip: string): Promise<void> {
    // the network's cap first: it costs nothing to check and spends no captcha
    if (!(await this.otp.underAddressLimit('registration', ip))) throw AppError.rateLimited('smsNetworkHourlyLimit');
    const verdict = await this.captchas.checkForSms(input.sid, input.capcode, input.phone);
    if (verdict !== 'right') throw captchaRefused(ResultCode.WrongCaptchaOnSms, verdict);
    if (await this.repository.isRegistered(market, input.phone)) throw alreadyRegistered();
    // the limits are checked again, and the code written and sent, under locks on the address and the phone
    await this.otp.issue('registration', { market, phone: input.phone, ip });
  }

  /** Creates the borrower in the market of the request; answers its id. */
  async register(market: Market, input: RegisterInput): Promise<number> {
    const verdict = await this.captchas.checkForRegistration(input.sid, input.capcode, input.phone);
    if (verdict !== 'right') throw captchaRefused(ResultCode.WrongCaptchaOnRegister, verdict);
    if (await this.repository.isRegistered(market, input.phone)) throw alreadyRegistered();

    // the code is spent in the transaction that creates the borrower: a failure leaves it unspent
    const borrowerId = await this.verifyCode(market, input, async (tx) => {
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

  /**
   * The registration code, checked after a right captcha. A wrong code leaves the captcha good for
   * this phone's next try (issue 48): the borrower retypes the code, not a captcha they were never
   * told had changed. The code's own tries stay limited (otp policy), so the captcha buys no guesses.
   */
  private async verifyCode<T>(market: Market, input: RegisterInput, andThen: (tx: Db) => Promise<T>): Promise<T> {
    try {
      return await this.otp.verify('registration', { market, phone: input.phone }, input.smsCode, andThen);
    } catch (error) {
      if (error instanceof AppError && error.code === ResultCode.WrongVerificationCode) {
        await this.repository.markCaptchaPassed(input.sid, input.phone);
      }
      throw error;
    }
  }
}
