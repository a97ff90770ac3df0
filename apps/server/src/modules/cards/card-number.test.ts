import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardFingerprint, cardParts, isLuhnValid, maskedCardNo } from './card-number.js';

/** The check digit that makes `body` Luhn-valid, computed the long way round (try all ten). */
const withCheckDigit = (body: string): string => {
  for (let digit = 0; digit <= 9; digit += 1) {
    const candidate = `${body}${digit}`;
    const sum = [...candidate]
      .reverse()
      .map(Number)
      .reduce((total, value, index) => total + (index % 2 === 1 ? (value * 2 > 9 ? value * 2 - 9 : value * 2) : value), 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
};

const cardBodies = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 18 });

describe('the Luhn check of the bind-card form', () => {
  it.each(['4111111111111111', '4000000000000077', '4000000000000002', '5555555555554444', '378282246310005', '6011111111111117'])(
    'accepts the test card %s',
    (cardNo) => {
      expect(isLuhnValid(cardNo)).toBe(true);
    },
  );

  it.each(['4111111111111112', '4111111111111121', '1234567890123456'])('refuses %s, whose check digit does not hold', (cardNo) => {
    expect(isLuhnValid(cardNo)).toBe(false);
  });

  it('refuses anything but 12 to 19 digits, separators included', () => {
    for (const cardNo of [
      '',
      '42424242424',
      '4111 1111 1111 1111',
      '4111-1111-1111-1111',
      '41111111111111111111',
      '４１１１１１１１１１１１１１１１',
    ]) {
      expect(isLuhnValid(cardNo)).toBe(false);
    }
  });

  it('accepts every number whose check digit is right, and refuses it once any one digit changes', () => {
    fc.assert(
      fc.property(cardBodies, fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
        const cardNo = withCheckDigit(body);
        expect(isLuhnValid(cardNo)).toBe(true);
        const index = at % cardNo.length;
        const changed = `${cardNo.slice(0, index)}${(Number(cardNo[index]) + shift) % 10}${cardNo.slice(index + 1)}`;
        expect(isLuhnValid(changed)).toBe(false);
      }),
    );
  });
});

describe('a bound card as shown and kept (PCI DSS)', () => {
  it('shows the card as BIN, six stars and the last 4: 411111******1111', () => {
    const { bin, last4 } = cardParts('4111111111111111');
    expect(maskedCardNo(bin, last4)).toBe('411111******1111');
  });

  it('keeps at most the first 6 and the last 4 digits of any number', () => {
    fc.assert(
      fc.property(cardBodies, (body) => {
        const cardNo = withCheckDigit(body);
        const { bin, last4 } = cardParts(cardNo);
        expect(bin).toBe(cardNo.slice(0, 6));
        expect(last4).toBe(cardNo.slice(-4));
        expect(maskedCardNo(bin, last4).replaceAll('*', '').length).toBe(10);
      }),
    );
  });

  it('fingerprints the same number the same way under one key, and differently under another key or for another number', () => {
    const key = 'k'.repeat(32);
    const fingerprint = cardFingerprint(key, '4111111111111111');
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(fingerprint).not.toContain('4111111111111111');
    expect(cardFingerprint(key, '4111111111111111')).toBe(fingerprint);
    expect(cardFingerprint('j'.repeat(32), '4111111111111111')).not.toBe(fingerprint);
    expect(cardFingerprint(key, '4000000000000077')).not.toBe(fingerprint);
  });
});
