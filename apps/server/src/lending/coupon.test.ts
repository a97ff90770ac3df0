import { describe, expect, it } from 'vitest';
import { capDiscount, couponDiscount, couponStateOf } from './coupon.js';

const state = { principalMinor: 1_000_000, dailyInterestBps: 5, penaltyOwedMinor: 0, feeOwedMinor: 20_000, interestOwedMinor: 25_000 };

describe('what a coupon takes off a repayment', () => {
  it('takes an amount off the fee first, then the interest', () => {
    expect(couponDiscount({ kind: 'amount_off', value: 30_000 }, state, 1_045_000)).toEqual({
      feeMinor: 20_000,
      interestMinor: 10_000,
      totalMinor: 30_000,
    });
  });

  it('never takes more than the fees and interest, so what is owed never falls below the principal', () => {
    expect(couponDiscount({ kind: 'amount_off', value: 9_000_000 }, state, 1_045_000).totalMinor).toBe(45_000);
  });

  it('takes nothing off penalties: a repayment that only covers penalties gets no discount', () => {
    const overdue = { ...state, penaltyOwedMinor: 50_000 };
    expect(couponDiscount({ kind: 'amount_off', value: 10_000 }, overdue, 50_000).totalMinor).toBe(0);
    // the part of the repayment beyond the penalties pays the fee, which the coupon may take off
    expect(couponDiscount({ kind: 'amount_off', value: 10_000 }, overdue, 55_000)).toEqual({
      feeMinor: 5_000,
      interestMinor: 0,
      totalMinor: 5_000,
    });
  });

  it('takes a percentage of the interest the repayment pays, rounded down', () => {
    expect(couponDiscount({ kind: 'percent_off_interest', value: 3_333 }, state, 1_045_000)).toEqual({
      feeMinor: 0,
      interestMinor: 8_332,
      totalMinor: 8_332,
    });
  });

  it('takes the interest of N days at the daily rate, never more than the interest owed', () => {
    expect(couponDiscount({ kind: 'interest_free_days', value: 3 }, state, 1_045_000).interestMinor).toBe(1_500);
    expect(couponDiscount({ kind: 'interest_free_days', value: 90 }, state, 1_045_000).interestMinor).toBe(25_000);
  });

  it('cuts a discount to what it was held for, keeping the interest first', () => {
    expect(capDiscount({ feeMinor: 20_000, interestMinor: 10_000, totalMinor: 30_000 }, 12_000)).toEqual({
      feeMinor: 2_000,
      interestMinor: 10_000,
      totalMinor: 12_000,
    });
  });

  it('counts only interest earned to today as owed', () => {
    const periods = [{ feeMinor: 20_000, interestMinor: 45_000 }];
    expect(
      couponStateOf({ principalMinor: 1_000_000, dailyInterestBps: 5 }, { penaltyOwedMinor: 0, periods }, 20_000).interestOwedMinor,
    ).toBe(25_000);
  });
});
