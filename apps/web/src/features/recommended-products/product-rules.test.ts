import { describe, expect, it } from 'vitest';
import { isClickable, isWebUrl, showsTags } from './product-rules';

describe('recommended products', () => {
  it('show tags on the first two rows only', () => {
    expect([0, 1, 2, 3].map(showsTags)).toEqual([true, true, false, false]);
  });

  it('are not clickable when buttonStatus is 0', () => {
    expect(isClickable(1)).toBe(true);
    expect(isClickable(0)).toBe(false);
  });

  it('open an apply URL directly when it starts with http, else pass it to the native bridge', () => {
    expect(isWebUrl('https://partner.example.com/apply')).toBe(true);
    expect(isWebUrl('http://partner.example.com')).toBe(true);
    expect(isWebUrl('kilat://product/7')).toBe(false);
    expect(isWebUrl('/loanConfirm?productId=7')).toBe(false);
  });
});
