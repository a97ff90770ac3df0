import { PayType } from '@kilat/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { clearRepayChoice, readRepayChoice, repayPageQuery, saveRepayChoice } from './repay-choice';

const KEY = 'kilat.repay-choice';

afterEach(() => localStorage.clear());

describe('saved repay choice (local)', () => {
  it('keeps payType, payCode, specificNum and isDefault in local storage', () => {
    saveRepayChoice({ payType: PayType.Bank, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 });
    expect(JSON.parse(localStorage.getItem(KEY)!)).toEqual({ payType: 1, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 });
    expect(readRepayChoice()).toEqual({ payType: 1, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 });
  });

  it('reads a malformed or foreign value as no choice', () => {
    for (const stored of [
      '{',
      'null',
      '"BCA"',
      '{"payType":3,"payCode":"BCA","specificNum":""}',
      '{"payType":2,"payCode":"","specificNum":""}',
    ]) {
      localStorage.setItem(KEY, stored);
      expect(readRepayChoice(), stored).toBeNull();
    }
  });

  it('is cleared on demand', () => {
    saveRepayChoice({ payType: PayType.MiniMarket, payCode: 'ALFAMART', specificNum: '', isDefault: 1 });
    clearRepayChoice();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(readRepayChoice()).toBeNull();
  });
});

describe('the params /that and /individual hand each other', () => {
  it('keeps amount, display, the order, the product and the purpose, and never the session token', () => {
    const query = repayPageQuery('orderId=9&productId=5&amount=150000000&display=1&purpose=delay&sessionId=secret');
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      orderId: '9',
      productId: '5',
      amount: '150000000',
      display: '1',
      purpose: 'delay',
    });
  });
});
