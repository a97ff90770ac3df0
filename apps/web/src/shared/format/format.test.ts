import { describe, expect, it } from 'vitest';
import { telHref } from './index';

// money, rates, dates and times are the contract's formatter, tested in packages/contract/src/format.test.ts

describe('telHref', () => {
  it('dials the digits of a displayed phone number, keeping the leading +', () => {
    expect(telHref('+91 80 4718 2200')).toBe('tel:+918047182200');
    expect(telHref('(021) 5091-8800')).toBe('tel:02150918800');
  });
});
