import { OrderStatus } from '@kilat/contract';
import type { MyOrder } from '@kilat/contract/schemas';
import { describe, expect, it } from 'vitest';
import { currentLoan, mainActions, orderHeadline, statusHeadline } from './loan-rules';

const order = (overrides: Partial<MyOrder>): MyOrder => ({
  orderId: '1',
  productId: '1',
  orderNo: 'KL1',
  productName: 'Kilat',
  productLogo: '',
  orderStatus: OrderStatus.Disbursed,
  amount: 500_000,
  amountDue: 520_000,
  appliedOn: '2026-11-01',
  dueDate: '2026-12-01',
  isDelay: 0,
  ...overrides,
});

describe('main', () => {
  it('shows the most pressing running loan, never a settled, closed or rejected one', () => {
    const settled = order({ orderId: '3', orderStatus: OrderStatus.Settled, amountDue: 0 });
    const review = order({ orderId: '4', orderStatus: OrderStatus.UnderReview, amountDue: 0 });
    const overdue = order({ orderId: '2', orderStatus: OrderStatus.Overdue });
    expect(currentLoan([settled, review, overdue])?.orderId).toBe('2');
    expect(currentLoan([settled, review])?.orderId).toBe('4');
    expect(currentLoan([settled, order({ orderStatus: OrderStatus.Rejected, amountDue: 0 })])).toBeNull();
  });

  it('offers repay for an owing loan, delay only when isDelay is 1, and products when no loan runs', () => {
    expect(mainActions(order({ orderStatus: OrderStatus.DueSoon, isDelay: 1 }))).toEqual({ repay: true, delay: true, loanMore: false });
    expect(mainActions(order({ orderStatus: OrderStatus.Overdue, isDelay: 0 }))).toEqual({ repay: true, delay: false, loanMore: false });
    expect(mainActions(order({ orderStatus: OrderStatus.UnderReview, amountDue: 0 }))).toEqual({
      repay: false,
      delay: false,
      loanMore: false,
    });
    expect(mainActions(null)).toEqual({ repay: false, delay: false, loanMore: true });
  });

  it("names each status with loan details' headline", () => {
    expect(statusHeadline(OrderStatus.Overdue)).toBe('loanNotice180');
    expect(statusHeadline(999)).toBe('loanNotice21');
  });

  it('says a loan settled by agreement or written off as what it is, not as repaid', () => {
    expect(orderHeadline(order({ orderStatus: OrderStatus.Settled }))).toBe('loanNotice200');
    expect(orderHeadline(order({ orderStatus: OrderStatus.Settled, closedBy: 'settlement' }))).toBe('loanNoticeSettledByAgreement');
    expect(orderHeadline(order({ orderStatus: OrderStatus.Settled, closedBy: 'write_off' }))).toBe('loanNoticeWrittenOff');
  });
});
