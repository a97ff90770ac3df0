import { Market } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { loginPhoneOf, loginProblem, otherMarketProblem, phoneProblem, safeNext } from './login-rules';

describe('the login phone', () => {
  it("sends a grouped phone in E.164 with the market's country code", () => {
    expect(loginPhoneOf(Market.India, '98765 43210')).toBe('+919876543210');
    expect(loginPhoneOf(Market.India, '+91 98765-43210')).toBe('+919876543210');
    expect(loginPhoneOf(Market.Indonesia, '0812 3456 7890')).toBe('+6281234567890');
  });

  it('refuses a phone that is not a mobile of the market', () => {
    expect(loginPhoneOf(Market.India, '98765')).toBeNull();
    expect(loginPhoneOf(Market.India, '12345 67890')).toBeNull();
    expect(loginPhoneOf(Market.Indonesia, '0212 3456 789')).toBeNull();
  });

  it("names the first missing field with the registration page's texts", () => {
    expect(loginProblem(Market.India, '987', '123456')).toBe('enterPhoneCorrectly');
    expect(loginProblem(Market.India, '98765 43210', '12345')).toBe('enterSmsCodeCorrectly');
    expect(loginProblem(Market.India, '98765 43210', '123456')).toBeNull();
  });

  it("names another market's number as such, before its SMS code (issue 48)", () => {
    expect(phoneProblem(Market.India, '0812 3456 7890')).toBe('phoneIsIndonesian');
    expect(phoneProblem(Market.Indonesia, '98765 43210')).toBe('phoneIsIndian');
    expect(loginProblem(Market.India, '+62 812 3456 7890', '')).toBe('phoneIsIndonesian');
    expect(otherMarketProblem(Market.India, '98765 4')).toBeNull();
    // a number both markets take is this market's
    expect(phoneProblem(Market.India, '0812 3456 789')).toBeNull();
  });

  it('goes back only to a page of this site after login', () => {
    expect(safeNext('/order', '/main')).toBe('/order');
    expect(safeNext('https://evil.example/', '/main')).toBe('/main');
    expect(safeNext('//evil.example/', '/main')).toBe('/main');
    expect(safeNext('', '/main')).toBe('/main');
  });
});
