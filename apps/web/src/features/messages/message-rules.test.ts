import { describe, expect, it } from 'vitest';
import { messageHref } from './message-rules';

describe('messageHref', () => {
  it('leads a message about a loan to its loan details', () => {
    expect(messageHref({ complaintId: '', orderId: '12', productId: '3' })).toBe('/loanDetails?productId=3&orderId=12');
  });

  it('leads a complaint reply to the complaint, not the loan', () => {
    expect(messageHref({ complaintId: '7', orderId: '12', productId: '3' })).toBe('/complainDetails?problemId=7');
  });
});
