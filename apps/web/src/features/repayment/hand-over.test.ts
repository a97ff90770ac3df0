import { describe, expect, it } from 'vitest';
import { type PayWayParams, payWayHref, repayHref } from '@/shared/repay-entry';
import { amountOf, bindCardHref, borrowDetailHref, methodChooserHref, purposeOf, readPayWayParams, thirdPartyHref } from './hand-over';

const params: PayWayParams = {
  orderId: '42',
  productId: '7',
  withholdingAmount: '1545003',
  couponId: '',
  couponMoney: '0',
  purpose: 'repay',
};

describe('the repay hand-over (decision 019)', () => {
  it('sends India to the pay-way hash route with the amount as plain minor-unit digits', () => {
    expect(repayHref('IN', { orderId: '42', productId: '7', amountMinor: 1_545_003, purpose: 'repay' })).toBe(
      '/payway?orderId=42&productId=7&withholdingAmount=1545003&purpose=repay',
    );
  });

  it('carries the coupon to pay-way when there is one, and the delay purpose of the extension page', () => {
    expect(
      repayHref('IN', { orderId: '42', productId: '7', amountMinor: 50_000, purpose: 'delay', couponId: 'c1', couponMoney: '1000' }),
    ).toBe('/payway?orderId=42&productId=7&withholdingAmount=50000&purpose=delay&couponId=c1&couponMoney=1000');
  });

  it('sends Indonesia to the virtual-account page /that with amount and display=1', () => {
    expect(repayHref('ID', { orderId: '42', productId: '7', amountMinor: 150_000_000, purpose: 'delay' })).toBe(
      '/that?orderId=42&productId=7&amount=150000000&display=1&purpose=delay',
    );
  });

  it('lands on borrow detail with productId, orderId and the device parameters, never the session token', () => {
    const href = borrowDetailHref('7', '42', { isNeedPop: '1', deviceId: 'dev-1', appVersion: '3.0', sessionId: 'secret', deviceName: '' });
    expect(href).toBe('#/borrowDetail/?productId=7&orderId=42&isNeedPop=1&deviceId=dev-1&appVersion=3.0');
    expect(borrowDetailHref('7', '42')).toBe('#/borrowDetail/?productId=7&orderId=42');
  });

  it('brings a newly bound card back to pay-way in the address, to be selected there', () => {
    expect(new URLSearchParams(payWayHref({ ...params, cardId: 'card-9' }).split('?')[1]).get('cardId')).toBe('card-9');
    expect(payWayHref(params)).not.toContain('cardId');
  });

  it('reads the flow parameters from the address, amounts with separators removed, and repay unless delay is asked', () => {
    const address: Record<string, string> = {
      withholdingAmount: '15,450.03',
      couponMoney: '0',
      purpose: 'delay',
      orderId: 'x',
      cardId: 'card-9',
    };
    expect(readPayWayParams((name) => address[name] ?? '', { orderId: '42', productId: '7' })).toEqual({
      ...params,
      purpose: 'delay',
      cardId: 'card-9',
    });
    expect(amountOf('')).toBeUndefined();
    expect(amountOf('0')).toBeUndefined();
    expect(amountOf('12abc')).toBeUndefined();
    expect(amountOf('1.545.003')).toBe(1_545_003);
    expect(purposeOf('')).toBe('repay');
    expect(purposeOf('anything')).toBe('repay');
  });

  it('opens bind card with orderId, productId, couponMoney, couponId, withholdingAmount, from=payway and the purpose', () => {
    expect(bindCardHref(params)).toBe(
      '#/addnormalcard?orderId=42&productId=7&couponMoney=0&couponId=&withholdingAmount=1545003&from=payway&purpose=repay',
    );
  });

  it('returns from bind card to pay-way with the same parameters', () => {
    expect(payWayHref(params)).toBe('/payway?orderId=42&productId=7&withholdingAmount=1545003&purpose=repay&couponMoney=0');
  });

  it('opens the third-party page with orderId, productId, withholdingAmount and from=payway', () => {
    expect(thirdPartyHref(params, 99_900)).toBe(
      '#/alipayrepayment?orderId=42&productId=7&withholdingAmount=99900&from=payway&purpose=repay',
    );
  });

  it('links Indonesian pay-way to the method chooser with amount and display=1', () => {
    expect(methodChooserHref({ ...params, purpose: 'delay' }, 99_900)).toBe(
      '/individual?orderId=42&productId=7&amount=99900&display=1&purpose=delay',
    );
  });
});
