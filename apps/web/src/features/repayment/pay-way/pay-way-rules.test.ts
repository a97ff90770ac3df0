import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@/shared/http/api-client';
import { activateLocale, type Translate } from '@/shared/i18n';
import { confirmFailureText, confirmOutcome, isCompleteCode, limitVerificationCode } from './pay-way-rules';

let t: Translate;
beforeAll(async () => {
  t = await activateLocale('en-IN');
});

const apiError = (code: string, message: string) => new ApiError(code, message, null, { code, message });

describe('the SMS verification of a card repayment', () => {
  it('keeps digits only in the code input, at most 6', () => {
    expect(limitVerificationCode('12a 34-5678')).toBe('123456');
    expect(limitVerificationCode('۱۲')).toBe('');
  });

  it('needs a verification code of at least 6 characters', () => {
    expect(isCompleteCode('12345')).toBe(false);
    expect(isCompleteCode('123456')).toBe(true);
  });

  it("answers 800006 with 'Verification code wrong' and 800005 with 'Do not submit repayment request twice'", () => {
    expect(confirmFailureText(apiError('800006', 'server words'), t)).toBe('Verification code wrong');
    expect(confirmFailureText(apiError('800005', 'server words'), t)).toBe('Do not submit repayment request twice');
    expect(confirmOutcome(apiError('800006', ''))).toBe('wrong-code');
    expect(confirmOutcome(apiError('800005', ''))).toBe('repeated');
  });

  it("shows the server's message for other failures, and 'Error' when there was no answer", () => {
    expect(confirmFailureText(apiError('40000', 'The verification code has expired. Please get a new code.'), t)).toBe(
      'The verification code has expired. Please get a new code.',
    );
    expect(confirmOutcome(apiError('40000', 'x'))).toBe('other');
    expect(confirmFailureText(new NetworkError('offline'), t)).toBe('Error');
  });

  it("says the bank's decline as the server words it, and reads it as the end of the payment", () => {
    expect(confirmFailureText(apiError('40200', 'The payment was declined by your bank.'), t)).toBe(
      'The payment was declined by your bank.',
    );
    expect(confirmOutcome(apiError('40200', ''))).toBe('declined');
  });
});
