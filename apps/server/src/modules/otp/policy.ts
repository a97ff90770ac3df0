/**
 * One-time codes (issue 13, decision 062): the limits of each purpose in one table, the code and
 * its hash, and the SMS that carries it, from the contract's language packs.
 */
import { interpolate, Limits, localeOf, type Market, type MessageKey } from '@kilat/contract';
import { newSmsCode, sha256 } from '../../crypto.js';
import { textIn } from '../../http/language.js';

export type OtpPurpose = 'login' | 'registration' | 'repayment' | 'disbursal-account';

export interface OtpPolicy {
  /** how long a code is valid */
  ttlSeconds: number;
  /** after this many wrong tries a code is dead, so six digits cannot be walked through */
  maxAttempts: number;
  /** no second code to the same phone (or payment) within this time */
  resendAfterSeconds: number;
  /** codes one phone may be sent within `perPhone.windowSeconds` (login, registration), and the refusal past it */
  perPhone?: { max: number; windowSeconds: number; refusal: MessageKey };
  /** codes one network address may ask for within the window (registration) */
  perIp?: { max: number; windowSeconds: number };
  /** codes one payment may be sent, the first included (repayment) */
  perSubject?: { max: number };
  /** the SMS text in the contract's packs: {code}, {minutes}, and for repayment {amount} */
  text: MessageKey;
  /** the refusal of a wrong, used, expired or locked code */
  wrongCode: MessageKey;
  /** what a code is hashed with besides itself: existing rows keep matching */
  hashPrefix: string;
}

const HOUR = 3_600;

export const OtpPolicies: Record<OtpPurpose, OtpPolicy> = {
  // DESIGN §5 login for the native shell; at most 10 a day per phone (issue 16)
  login: {
    ttlSeconds: 5 * 60,
    maxAttempts: 5,
    resendAfterSeconds: Limits.resendCountdownSeconds,
    perPhone: { max: 10, windowSeconds: 24 * HOUR, refusal: 'smsPhoneDailyLimit' },
    text: 'smsLoginCode',
    wrongCode: 'verificationCodeWrong',
    hashPrefix: '',
  },
  // spec §4, §8, DESIGN §5: one per countdown, five an hour per phone, twenty an hour per address
  registration: {
    ttlSeconds: 5 * 60,
    maxAttempts: 5,
    resendAfterSeconds: Limits.resendCountdownSeconds,
    perPhone: { max: 5, windowSeconds: HOUR, refusal: 'smsPhoneHourlyLimit' },
    perIp: { max: 20, windowSeconds: HOUR },
    text: 'smsRegistrationCode',
    wrongCode: 'smsCodeWrong',
    hashPrefix: 'registration:',
  },
  // decision 021: a card payment's code; with 5 attempts each, 5 codes a payment keep guessing hopeless
  repayment: {
    ttlSeconds: Limits.repayCodeTtlSeconds,
    maxAttempts: Limits.repayCodeMaxAttempts,
    resendAfterSeconds: Limits.resendCountdownSeconds,
    perSubject: { max: 5 },
    text: 'smsRepaymentCode',
    wrongCode: 'verificationCodeWrong',
    hashPrefix: 'repayment:',
  },
  // issue 28, decision 134: changing where the money goes; as login, but 5 an hour per phone
  'disbursal-account': {
    ttlSeconds: 5 * 60,
    maxAttempts: 5,
    resendAfterSeconds: Limits.resendCountdownSeconds,
    perPhone: { max: 5, windowSeconds: HOUR, refusal: 'smsPhoneHourlyLimit' },
    text: 'smsDisbursalAccountCode',
    wrongCode: 'verificationCodeWrong',
    hashPrefix: 'disbursal-account:',
  },
};

/** A new code of the contract's length. */
export const newOtpCode = (): string => newSmsCode(Limits.smsCodeLength);

/** The stored hash of a code: what it is for (a phone in its market, a payment) and the code itself. */
export const otpHash = (purpose: OtpPurpose, subject: string, code: string): string =>
  sha256(`${OtpPolicies[purpose].hashPrefix}${subject}:${code}`);

/** The SMS that carries a code, in the market's language. */
export const otpSms = (purpose: OtpPurpose, market: Market, values: { code: string; amount?: string }): string => {
  const policy = OtpPolicies[purpose];
  return interpolate(textIn(localeOf(market), policy.text), { ...values, minutes: policy.ttlSeconds / 60 });
};
