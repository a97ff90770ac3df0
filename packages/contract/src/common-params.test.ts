import { describe, expect, it } from 'vitest';
import { localeOf, Market, marketFromIsNeedPop } from './common-params.js';

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
