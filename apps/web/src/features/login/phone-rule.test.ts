import { Market } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { loginPhoneOf, loginProblem, maskLoginPhone, safeNext } from './phone-rule';

describe('the login phone', () => {
  it("keeps digits only and groups them in the market's way", () => {
    expect(maskLoginPhone(Market.India, '+91 98765-43210')).toBe('91987 65432 10');
    expect(maskLoginPhone(Market.Indonesia, '0812345678901234')).toBe('0812 3456 78901');
    expect(maskLoginPhone(Market.India, '9876543210')).toBe('98765 43210');
    expect(maskLoginPhone(Market.Indonesia, '081234567890')).toBe('0812 3456 7890');
    expect(maskLoginPhone(Market.Indonesia, '0812abc')).toBe('0812');
  });

  it('sends the digits of a grouped phone, and refuses one that is too short', () => {
    expect(loginPhoneOf(Market.India, '98765 43210')).toBe('9876543210');
    expect(loginPhoneOf(Market.Indonesia, '0812 3456 7890')).toBe('081234567890');
    expect(loginPhoneOf(Market.India, '98765')).toBeNull();
  });

  it("names the first missing field with the registration page's texts", () => {
    expect(loginProblem(Market.India, '987', '123456')).toBe('enterPhoneCorrectly');
    expect(loginProblem(Market.India, '98765 43210', '12345')).toBe('enterSmsCodeCorrectly');
    expect(loginProblem(Market.India, '98765 43210', '123456')).toBeNull();
  });

  it('goes back only to a page of this site after login', () => {
    expect(safeNext('/order', '/main')).toBe('/order');
    expect(safeNext('https://evil.example/', '/main')).toBe('/main');
    expect(safeNext('//evil.example/', '/main')).toBe('/main');
    expect(safeNext('', '/main')).toBe('/main');
  });
});
