import { describe, expect, it } from 'vitest';
import { isPaymentId } from './get-payment-result';

describe('isPaymentId', () => {
  it('takes a bill number as the server makes it and nothing else', () => {
    expect(isPaymentId('RPABCDEFGHIJKLMNOPQRST')).toBe(true);
    expect(isPaymentId('RPABCDEFGHIJKLMNOPQRS')).toBe(false);
    expect(isPaymentId('RPabcdefghijklmnopqrst')).toBe(false);
    expect(isPaymentId('RP1BCDEFGHIJKLMNOPQRST')).toBe(false);
    expect(isPaymentId('')).toBe(false);
  });
});
