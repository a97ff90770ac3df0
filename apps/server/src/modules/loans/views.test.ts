import { interpolate, type Locale, type MessageKey, OrderStatus } from '@kilat/contract';
import { enIN } from '@kilat/contract/texts/en-IN';
import { idID } from '@kilat/contract/texts/id-ID';
import { describe, expect, it } from 'vitest';
import { dayCount } from '../../http/language.js';
import { couponTitle } from '../coupons/service.js';
import { daysText, noticeStatusOf } from './views.js';

const speak = (locale: Locale) => (key: MessageKey, values?: Record<string, string | number>) =>
  interpolate((locale === 'en-IN' ? enIN : idID)[key], values);

const extendedAt = (firstPeriodNo: number) => ({
  extensionPayments: [{ ledgerId: 1, businessDate: '2027-01-01', amountMinor: 9_000_00, days: 7, outstandingAfterMinor: 0, firstPeriodNo }],
});

describe("loan details' notice after an extension (issue 48)", () => {
  it('says the repayment was extended while the period it moved is the one owed', () => {
    expect(noticeStatusOf(OrderStatus.Extended, extendedAt(1), { periodNo: 1 })).toBe(OrderStatus.Extended);
  });

  it('says only that the next instalment is due once the extended period is paid', () => {
    expect(noticeStatusOf(OrderStatus.Extended, extendedAt(1), { periodNo: 2 })).toBe(OrderStatus.InstallmentPartlyPaid);
  });

  it('leaves every other status as it is', () => {
    expect(noticeStatusOf(OrderStatus.Overdue, extendedAt(1), { periodNo: 2 })).toBe(OrderStatus.Overdue);
    expect(noticeStatusOf(OrderStatus.Extended, { extensionPayments: [] }, { periodNo: 2 })).toBe(OrderStatus.Extended);
  });
});

describe('a count of days as the borrower reads it (issues 46, 48)', () => {
  it('says 1 day, never 1 days, and 7 days, in both languages', () => {
    expect([daysText(1, speak('en-IN')), daysText(7, speak('en-IN'))]).toEqual(['1 day', '7 days']);
    expect([daysText(1, speak('id-ID')), daysText(7, speak('id-ID'))]).toEqual(['1 hari', '7 hari']);
    expect([dayCount('en-IN', 1), dayCount('en-IN', 31), dayCount('id-ID', 1)]).toEqual(['1 day', '31 days', '1 hari']);
  });

  it('titles a coupon of one interest-free day in the singular', () => {
    const coupon = (value: number) => ({ kind: 'interest_free_days' as const, value, market: 'IN' as const });
    expect(couponTitle(coupon(1), speak('en-IN'))).toBe('1 interest-free day');
    expect(couponTitle(coupon(3), speak('en-IN'))).toBe('3 interest-free days');
    expect(couponTitle(coupon(1), speak('id-ID'))).toBe('1 hari bebas bunga');
  });
});
