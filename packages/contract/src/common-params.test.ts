import { describe, expect, it } from 'vitest';
import { chooseLocale, languageFromCookieHeader, localeOf, Market, marketFromIsNeedPop } from './common-params.js';

describe('isNeedPop selects the market pack (spec §1)', () => {
  it.each([1, '1', ' 1 '])('selects the India pack when isNeedPop equals 1 (%j)', (flag) => {
    expect(marketFromIsNeedPop(flag)).toBe(Market.India);
  });

  it.each([0, '0', '2', '', 'true', null, undefined, 11])('selects the Indonesia pack for anything else (%j)', (flag) => {
    expect(marketFromIsNeedPop(flag)).toBe(Market.Indonesia);
  });

  it('formats India in en-IN and Indonesia in id-ID', () => {
    expect(localeOf(Market.India)).toBe('en-IN');
    expect(localeOf(Market.Indonesia)).toBe('id-ID');
  });
});

describe('the language of the texts (issue 17, decision 111)', () => {
  it('follows the market when the borrower chose nothing', () => {
    expect(chooseLocale(Market.India, null)).toBe('en-IN');
    expect(chooseLocale(Market.Indonesia, undefined)).toBe('id-ID');
    expect(chooseLocale(Market.Indonesia, '')).toBe('id-ID');
  });

  it('speaks the chosen pack in either market', () => {
    expect(chooseLocale(Market.India, 'id-ID')).toBe('id-ID');
    expect(chooseLocale(Market.Indonesia, 'en-IN')).toBe('en-IN');
  });

  it('ignores a choice that is not one of the packs', () => {
    expect(chooseLocale(Market.India, 'fr-FR')).toBe('en-IN');
    expect(chooseLocale(Market.Indonesia, 'EN-IN')).toBe('id-ID');
  });

  it('reads the choice from a Cookie header among other cookies', () => {
    expect(languageFromCookieHeader('a=1; kilat_lang=id-ID; b=2')).toBe('id-ID');
    expect(languageFromCookieHeader('kilat_lang=en-IN')).toBe('en-IN');
  });

  it('reads no choice from a missing, foreign or malformed cookie', () => {
    expect(languageFromCookieHeader(undefined)).toBeNull();
    expect(languageFromCookieHeader('kilat_language=id-ID; x')).toBeNull();
    expect(languageFromCookieHeader('kilat_lang=xx')).toBeNull();
  });
});
