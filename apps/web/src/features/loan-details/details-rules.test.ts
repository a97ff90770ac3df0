import { OrderStatus } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { afterRating, buttonsFor, opensRatingOnLoad, repayTarget, statusImageFor, withOrder } from './details-rules';

const none = { repay: false, delay: false, loanMore: false };

describe('loan details', () => {
  it('174, 180, 3 and 5 show the repay button plus a delay repayment link when isDelay equals 1', () => {
    for (const status of [OrderStatus.DueSoon, OrderStatus.Overdue, OrderStatus.InstallmentPartlyPaid, OrderStatus.Extended]) {
      expect(buttonsFor(status, 1)).toEqual({ repay: true, delay: true, loanMore: false });
      expect(buttonsFor(status, 0)).toEqual({ repay: true, delay: false, loanMore: false });
    }
  });

  it('170 shows only repay, even when isDelay is 1', () => {
    expect(buttonsFor(OrderStatus.Disbursed, 1)).toEqual({ repay: true, delay: false, loanMore: false });
  });

  it("200 and 4 show a 'Loan more' button", () => {
    expect(buttonsFor(OrderStatus.Settled, 1)).toEqual({ repay: false, delay: false, loanMore: true });
    expect(buttonsFor(OrderStatus.ClosedEarly, 0)).toEqual({ repay: false, delay: false, loanMore: true });
  });

  it("a written-off loan (200 with loanMore 0, decision 170) shows no 'Loan more' button", () => {
    expect(buttonsFor(OrderStatus.Settled, 0, 0)).toEqual(none);
    expect(buttonsFor(OrderStatus.Settled, 0, 1)).toEqual({ repay: false, delay: false, loanMore: true });
  });

  it('21, 151, 110 and unknown codes show no button', () => {
    for (const status of [OrderStatus.UnderReview, OrderStatus.Disbursing, OrderStatus.Rejected, 999]) {
      expect(buttonsFor(status, 1)).toEqual(none);
    }
  });

  it('has a status image for 21, 151, 174, 180, 110 and 200; any other code falls back to the 21 image', () => {
    const own = [21, 151, 174, 180, 110, 200].map(statusImageFor);
    expect(new Set(own).size).toBe(6);
    for (const status of [0, 12345]) expect(statusImageFor(status)).toBe(statusImageFor(21));
  });

  it('shows a running loan (170, 3, 5) the money received and a loan closed early (4) the repaid image, never the review magnifier (issue 30)', () => {
    const running = statusImageFor(OrderStatus.Disbursed);
    expect(running).not.toBe(statusImageFor(OrderStatus.UnderReview));
    for (const status of [OrderStatus.InstallmentPartlyPaid, OrderStatus.Extended]) expect(statusImageFor(status)).toBe(running);
    expect(statusImageFor(OrderStatus.ClosedEarly)).toBe(statusImageFor(OrderStatus.Settled));
  });

  it("opens the rating modal on load only if isScore equals '1'", () => {
    expect(opensRatingOnLoad('1')).toBe(true);
    expect(opensRatingOnLoad('0')).toBe(false);
    expect(opensRatingOnLoad('')).toBe(false);
  });

  it('fewer than 4 stars open the thank-you modal; 4 or 5 stars ask for the native store-rating prompt', () => {
    expect([1, 2, 3, 4, 5].map(afterRating)).toEqual(['thank-you', 'thank-you', 'thank-you', 'store-prompt', 'store-prompt']);
  });

  it('repay goes to h5Url if non-empty, otherwise to the repay page with the shared params', () => {
    expect(repayTarget('https://pay.example/x', '/repay', '7', '42')).toBe('https://pay.example/x');
    expect(repayTarget('  ', '/repay', '7', '42')).toBe('/repay?productId=7&orderId=42');
    expect(withOrder('/repayDelay', '7', '42')).toBe('/repayDelay?productId=7&orderId=42');
  });
});
