/**
 * The response envelope of spec §7 and the result codes of spec §8.
 * Codes travel as strings: the spec's success codes are '00' and '0'.
 */

/** Success codes (spec §8): '00' for repayment, complaint, loan and recommend calls; '0' for promotion and joint login. */
export const SuccessCode = {
  Standard: '00',
  Promotion: '0',
} as const;
export type SuccessCode = (typeof SuccessCode)[keyof typeof SuccessCode];

/** Failure codes named by the spec (§8) and the ones Kilat's server adds. */
export const ResultCode = {
  /** repayment-confirm: the same payment was confirmed before */
  RepeatedRepayment: '800005',
  /** repayment-confirm: the SMS code does not match */
  WrongVerificationCode: '800006',
  /** get-sms: the image captcha is wrong */
  WrongCaptchaOnSms: '101',
  /** get-sms and register: the phone is already registered */
  AlreadyRegistered: '11',
  /** register: the image captcha is wrong */
  WrongCaptchaOnRegister: '-1',
  /** ours: a field is missing, malformed or out of range */
  InvalidRequest: '40000',
  /** ours: no session, or an expired one, or one bound to another device */
  Unauthenticated: '40100',
  /** ours: the order (or complaint) belongs to another borrower */
  Forbidden: '40300',
  /** ours: the thing asked for does not exist */
  NotFound: '40400',
  /** ours: login-code: no account has this phone in the market; the page offers registration (decision 138) */
  NoAccount: '40401',
  /** ours: the bank declined the card payment; the payment is over (decision 139) */
  PaymentDeclined: '40200',
  /** ours: the account cannot be deleted while a loan is open (issue 17) */
  AccountHasOpenLoan: '40901',
  /** ours: replacing a valid disbursal account needs the SMS code sent to the borrower's phone (issue 28) */
  DisbursalChangeNeedsCode: '40301',
  /** ours: a disbursal account is asked for before the application gave the name it must be in (issue 28) */
  DisbursalNeedsApplication: '40902',
  /** ours: too many requests */
  RateLimited: '42900',
  /** ours: the call is listed in the contract but a later issue implements it */
  NotImplemented: '50100',
  /** ours: anything unexpected; the message never carries internals */
  Internal: '50000',
  /** ours: the database, Redis or the object store did not answer; nothing to fix on the borrower's side, try again (decision 146) */
  Unavailable: '50300',
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** The field that carries the result code: `code` for most calls, `status` for joint login (spec §7). */
export type CodeField = 'code' | 'status';

export interface Envelope<T = unknown> {
  code: string;
  message: string;
  data: T | null;
}

/** Joint-login calls answer with `status` where the others say `code` (spec §7). */
export interface StatusEnvelope<T = unknown> {
  status: string;
  message: string;
  data: T | null;
}
