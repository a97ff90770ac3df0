import { OrderStatus } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { noticeStatusOf } from './views.js';

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
