import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsOnly, maskBankCard, maskPhone } from './index';

describe('maskPhone', () => {
  it('groups a phone number 3-4-4 with spaces', () => {
    expect(maskPhone('13812345678')).toBe('138 1234 5678');
    expect(maskPhone('1381')).toBe('138 1');
    expect(maskPhone('138')).toBe('138');
  });

  it('strips non-digits and caps the phone at 11 digits', () => {
    expect(maskPhone('+1 (381) 234-5678-999')).toBe('138 1234 5678');
  });

  it('never holds more than 11 digits whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), (typed) => {
        const masked = maskPhone(typed);
        expect(digitsOnly(masked).length).toBeLessThanOrEqual(11);
        expect(masked).toMatch(/^(\d{1,3}( \d{1,4}( \d{1,4})?)?)?$/);
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
