import { PayType } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { copyWithClipboard, generateVcodeFields, readPageParams, withCouponId } from './va-rules';

const order = { orderId: '9', productId: '5' };

describe('virtual-account page params', () => {
  it('reads amount and display from the address, with the order and product of the query context', () => {
    expect(readPageParams('amount=150000000&display=1', order)).toEqual({
      orderId: '9',
      productId: '5',
      amount: 150_000_000,
      display: 1,
      purpose: 'repay',
      couponId: '',
    });
    expect(readPageParams('amount=75000&display=0&purpose=delay', order)).toMatchObject({ display: 0, purpose: 'delay' });
  });

  it('carries the coupon chosen on installments to generate-vcode, and another choice asks for a new code (issue 50)', () => {
    const page = readPageParams('amount=150000000&display=1&couponId=CPABC&couponMoney=5000', order)!;
    expect(page.couponId).toBe('CPABC');
    expect(generateVcodeFields(page, { payType: PayType.Bank, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 })).toMatchObject({
      couponId: 'CPABC',
    });
    expect(withCouponId('amount=1&couponId=CPABC&couponMoney=5000&paymentId=RP1', 'CPXYZ', 700)).toBe(
      'amount=1&couponId=CPXYZ&couponMoney=700',
    );
    expect(withCouponId('amount=1&couponId=CPABC&couponMoney=5000&paymentId=RP1', '', 0)).toBe('amount=1');
  });

  it('refuses a link without a positive amount in plain digits, or without an order', () => {
    expect(readPageParams('display=1', order)).toBeNull();
    expect(readPageParams('amount=0', order)).toBeNull();
    expect(readPageParams('amount=1.500.000', order)).toBeNull();
    expect(readPageParams('amount=100', { orderId: '', productId: '5' })).toBeNull();
  });

  it('sends generate-vcode every field of spec §7 from the page and the saved choice', () => {
    const page = readPageParams('amount=150000000&display=1&purpose=delay', order)!;
    expect(generateVcodeFields(page, { payType: PayType.Bank, payCode: 'BCA', specificNum: 'ATM', isDefault: 1 })).toEqual({
      productId: '5',
      orderId: '9',
      amount: 150_000_000,
      payCode: 'BCA',
      pay_type: 1,
      is_default: 1,
      is_display: 1,
      specific_num: 'ATM',
      purpose: 'delay',
    });
  });
});

describe('copy', () => {
  it('copies with the Clipboard API, and reports a missing or refusing one', async () => {
    const copied: string[] = [];
    expect(await copyWithClipboard('8808123', { writeText: async (text) => void copied.push(text) })).toBe(true);
    expect(copied).toEqual(['8808123']);
    expect(await copyWithClipboard('8808123', undefined)).toBe(false);
    expect(await copyWithClipboard('8808123', { writeText: () => Promise.reject(new Error('denied')) })).toBe(false);
  });
});
