import { describe, expect, it } from 'vitest';
import { allSelected, canPay, canSelectAll, isClickablePeriod, selectedTotal, toggleAll, toggleFirst } from './installment-rules';

const periods = [
  { periodNo: 2, totalAmount: 515_000, canClick: 1 },
  { periodNo: 3, totalAmount: 515_000, canClick: 0 },
  { periodNo: 4, totalAmount: 515_003, canClick: 0 },
];

describe('installment selection', () => {
  it('only the first pending period is clickable, and only if canClick', () => {
    expect(periods.map((_, index) => isClickablePeriod(periods, index))).toEqual([true, false, false]);
    const locked = [{ ...periods[0]!, canClick: 0 }, periods[1]!];
    expect(isClickablePeriod(locked, 0)).toBe(false);
    expect(toggleFirst(locked, new Set())).toEqual(new Set());
    expect(toggleAll(locked, new Set())).toEqual(new Set());
  });

  it('selecting the first period checks it', () => {
    expect(toggleFirst(periods, new Set())).toEqual(new Set([2]));
  });

  it('select-all toggles all periods versus only the first when the loan may be closed today (every period payable)', () => {
    const closable = periods.map((period) => ({ ...period, canClick: 1 }));
    const all = toggleAll(closable, new Set());
    expect(all).toEqual(new Set([2, 3, 4]));
    expect(allSelected(closable, all)).toBe(true);
    expect(toggleAll(closable, all)).toEqual(new Set([2]));
    expect(toggleAll(closable, new Set([2]))).toEqual(new Set([2, 3, 4]));
  });

  it('select-all is neither offered nor ticked when the later periods cannot be paid today: pay-way would refuse them (issue 48)', () => {
    expect(canSelectAll(periods)).toBe(false);
    expect(toggleAll(periods, new Set())).toEqual(new Set());
    const first = toggleFirst(periods, new Set());
    expect(allSelected(periods, first)).toBe(false);
    expect(toggleAll(periods, first)).toEqual(new Set([2]));
    expect(selectedTotal(periods, first)).toBe(515_000);
  });

  it('the amount is the sum of checked periods', () => {
    expect(selectedTotal(periods, new Set())).toBe(0);
    expect(selectedTotal(periods, new Set([2]))).toBe(515_000);
    expect(selectedTotal(periods, new Set([2, 3, 4]))).toBe(1_545_003);
  });

  it('pay does nothing if the amount is zero', () => {
    expect(canPay(0)).toBe(false);
    expect(canPay(1)).toBe(true);
  });
});
