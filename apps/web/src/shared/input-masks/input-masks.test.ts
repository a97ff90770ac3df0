import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsOnly, maskBankCard, maskPhone } from './index';

describe('maskPhone', () => {
  it("groups the market's mobile as it is shown, keeping a leading +", () => {
    expect(maskPhone('9876543210', 'IN')).toBe('98765 43210');
    expect(maskPhone('081234567890', 'ID')).toBe('0812 3456 7890');
    expect(maskPhone('+62 812-3456-7890', 'ID')).toBe('+62 812 3456 7890');
  });

  it("strips non-digits and caps the number at the market's longest mobile", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom('IN' as const, 'ID' as const), (typed, market) => {
        const masked = maskPhone(typed, market);
        expect(masked).toMatch(/^\+?[\d ]*$/);
        expect(digitsOnly(masked).length).toBeLessThanOrEqual(14);
      }),
    );
  });
});

describe('maskBankCard', () => {
  it('groups a bank card number by 4 and strips non-digits', () => {
    expect(maskBankCard('6222-0212 3456x7890123')).toBe('6222 0212 3456 7890 123');
    expect(maskBankCard('')).toBe('');
  });
});

describe('digitsOnly', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('a1b2 3.4')).toBe('1234');
  });
});
