import { describe, expect, it } from 'vitest';
import { allocateRepayment, totalOutstanding } from '../../lending/allocation.js';
import { outstandingBalances } from './posting.js';

const periods = [
  { periodNo: 1, dueDate: '2026-01-31', feeMinor: 100, interestMinor: 200, principalMinor: 1000 },
  { periodNo: 2, dueDate: '2026-02-28', feeMinor: 100, interestMinor: 200, principalMinor: 1000 },
  { periodNo: 3, dueDate: '2026-03-31', feeMinor: 100, interestMinor: 200, principalMinor: 1000 },
];

describe('what an order owes, from its schedule and ledger totals', () => {
  it('owes the whole schedule and every penalty before any repayment', () => {
    const balances = outstandingBalances(periods, { penalty: 50, repayment: 0 });
    expect(balances.penaltyMinor).toBe(50);
    expect(balances.periods).toEqual(periods);
    expect(totalOutstanding(balances)).toBe(3 * 1300 + 50);
  });

  it('takes earlier repayments as covering penalties, then each period oldest first, fee → interest → principal', () => {
    const balances = outstandingBalances([...periods].reverse(), { penalty: 50, repayment: 50 + 1300 + 250 });
    expect(balances.penaltyMinor).toBe(0);
    expect(balances.periods.map((period) => period.periodNo)).toEqual([1, 2, 3]);
    expect(balances.periods[0]).toMatchObject({ feeMinor: 0, interestMinor: 0, principalMinor: 0 });
    expect(balances.periods[1]).toMatchObject({ feeMinor: 0, interestMinor: 50, principalMinor: 1000 });
    expect(balances.periods[2]).toMatchObject({ feeMinor: 100, interestMinor: 200, principalMinor: 1000 });
  });

  it('leaves what allocating the same repayments one by one would have left', () => {
    const start = outstandingBalances(periods, { penalty: 75, repayment: 0 });
    const first = allocateRepayment(900, start);
    const second = allocateRepayment(1234, first.outstanding);
    const rebuilt = outstandingBalances(periods, { penalty: 75, repayment: 900 + 1234 });
    expect(rebuilt.penaltyMinor).toBe(second.outstanding.penaltyMinor);
    expect(rebuilt.periods).toEqual(second.outstanding.periods);
  });

  it('owes nothing once repayments cover everything', () => {
    expect(totalOutstanding(outstandingBalances(periods, { penalty: 0, repayment: 5000 }))).toBe(0);
  });
});
