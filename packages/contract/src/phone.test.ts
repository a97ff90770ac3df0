import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPhone, isValidPhone, maskPhoneInput, otherMarketOfPhone, parsePhone } from './phone.js';

describe('India phone rule', () => {
  it('takes 10 digits starting 6–9, optionally after +91 or 0, with spaces or dashes, in E.164', () => {
    expect(parsePhone('98765 43210', 'IN')).toBe('+919876543210');
    expect(parsePhone('+91 98765-43210', 'IN')).toBe('+919876543210');
    expect(parsePhone('098765 43210', 'IN')).toBe('+919876543210');
    expect(parsePhone('6000000000', 'IN')).toBe('+916000000000');
  });

  it('refuses numbers that are not Indian mobiles', () => {
    for (const bad of ['58765 43210', '98765 4321', '987654321012', '13812345678', '+62 812 3456 7890', '', 'abc']) {
      expect(parsePhone(bad, 'IN')).toBeNull();
    }
  });

  it('shows a number grouped 5-5', () => {
    expect(formatPhone('+919876543210', 'IN')).toBe('98765 43210');
  });
});

describe('Indonesia phone rule', () => {
  it('takes 08 or +62 8 followed by 7–11 digits, in E.164', () => {
    expect(parsePhone('0812 3456 7890', 'ID')).toBe('+6281234567890');
    expect(parsePhone('+62 812-3456-7890', 'ID')).toBe('+6281234567890');
    expect(parsePhone('081234567', 'ID')).toBe('+6281234567');
    expect(parsePhone('0812345678901', 'ID')).toBe('+62812345678901');
  });

  it('refuses numbers that are not Indonesian mobiles', () => {
    for (const bad of ['0712 3456 7890', '08123456', '08123456789012', '812 3456 7890', '13812345678', '+91 98765 43210']) {
      expect(parsePhone(bad, 'ID')).toBeNull();
    }
  });

  it('shows a number with its trunk 0, grouped 4-4-rest', () => {
    expect(formatPhone('+6281234567890', 'ID')).toBe('0812 3456 7890');
  });
});

describe('any market', () => {
  it('reads back what it shows and what the mask makes of it', () => {
    const indian = fc.tuple(fc.integer({ min: 6, max: 9 }), fc.stringMatching(/^\d{9}$/)).map(([a, b]) => `${a}${b}`);
    const indonesian = fc.stringMatching(/^8\d{7,11}$/).map((n) => `0${n}`);
    fc.assert(
      fc.property(
        fc.oneof(
          indian.map((n) => ['IN', n] as const),
          indonesian.map((n) => ['ID', n] as const),
        ),
        ([market, typed]) => {
          const e164 = parsePhone(typed, market);
          expect(e164).toMatch(/^\+\d{10,14}$/);
          expect(parsePhone(formatPhone(e164!, market), market)).toBe(e164);
          expect(parsePhone(maskPhoneInput(typed, market), market)).toBe(e164);
          expect(isValidPhone(typed, market)).toBe(true);
        },
      ),
    );
  });

  it('masks input as the borrower types: digits and a leading + only, grouped', () => {
    expect(maskPhoneInput('9876543210', 'IN')).toBe('98765 43210');
    expect(maskPhoneInput('98765432109999', 'IN')).toBe('98765 43210');
    expect(maskPhoneInput('+919876543210', 'IN')).toBe('+91 98765 43210');
    expect(maskPhoneInput('081234567890', 'ID')).toBe('0812 3456 7890');
    expect(maskPhoneInput('+62812a34567890', 'ID')).toBe('+62 812 3456 7890');
    expect(maskPhoneInput('+', 'ID')).toBe('+');
  });
});

describe('a number of the other market (issue 48)', () => {
  it("is named as the other market's, never read as this one's", () => {
    expect(otherMarketOfPhone('0812 3456 7890', 'IN')).toBe('ID');
    expect(otherMarketOfPhone('+62 812 3456 7890', 'IN')).toBe('ID');
    expect(otherMarketOfPhone('+91 98765 43210', 'ID')).toBe('IN');
    expect(otherMarketOfPhone('98765 43210', 'IN')).toBeNull();
    // both markets would take it: the page's own market reads it
    expect(otherMarketOfPhone('0812 3456 789', 'IN')).toBeNull();
    expect(otherMarketOfPhone('12345', 'IN')).toBeNull();
  });

  it('keeps every digit in the mask, grouped as its own market writes it, so it is not cut into a number of this market', () => {
    expect(maskPhoneInput('081234567890', 'IN')).toBe('0812 3456 7890');
    expect(parsePhone(maskPhoneInput('081234567890', 'IN'), 'IN')).toBeNull();
    expect(maskPhoneInput('+62 812 3456 7890', 'IN')).toBe('+62 812 3456 7890');
  });
});
