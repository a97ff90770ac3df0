import { describe, expect, it } from 'vitest';
import { isUpiIntent, upiViewOf } from './upi-rules';

describe('the Pay by UPI page (issue 51)', () => {
  it('leads with the intent link on a phone and with the QR on a desktop', () => {
    expect(upiViewOf(true)).toBe('intent');
    expect(upiViewOf(false)).toBe('qr');
  });

  it('offers only a upi://pay link to open', () => {
    expect(isUpiIntent('upi://pay?pa=kilat@razorpay&am=10.00&cu=INR')).toBe(true);
    expect(isUpiIntent('javascript:alert(1)')).toBe(false);
    expect(isUpiIntent('https://rzp.io/i/X6QM7LL')).toBe(false);
  });
});
