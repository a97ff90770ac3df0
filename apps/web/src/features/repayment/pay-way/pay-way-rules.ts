import { Limits, ResultCode } from '@kilat/contract';
import { ApiError } from '@/shared/http/api-client';
import type { Translate } from '@/shared/i18n';
import { digitsOnly } from '@/shared/input-masks';

/** The code input keeps digits only, at most the SMS code's length (spec §5, §9). */
export const limitVerificationCode = (text: string): string => digitsOnly(text).slice(0, Limits.smsCodeLength);

/** Confirm needs at least 6 characters (spec §5). */
export const isCompleteCode = (code: string): boolean => code.length >= Limits.verificationCodeMinLength;

export type ConfirmOutcome = 'wrong-code' | 'repeated' | 'declined' | 'other';

/** What a failed confirm means for the dialog: a wrong code stays, a repeat means the payment went through before, a decline ended it. */
export const confirmOutcome = (error: unknown): ConfirmOutcome => {
  if (error instanceof ApiError && error.code === ResultCode.WrongVerificationCode) return 'wrong-code';
  if (error instanceof ApiError && error.code === ResultCode.RepeatedRepayment) return 'repeated';
  if (error instanceof ApiError && error.code === ResultCode.PaymentDeclined) return 'declined';
  return 'other';
};

/** The toast of a failed confirm (spec §8): 800006 and 800005 their texts, others the server's message, no answer 'error'. */
export const confirmFailureText = (error: unknown, t: Translate): string => {
  const outcome = confirmOutcome(error);
  if (outcome === 'wrong-code') return t('verificationCodeWrong');
  if (outcome === 'repeated') return t('doNotSubmitTwice');
  return error instanceof ApiError ? error.message : t('networkError');
};
