import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { controlBreach } from './control-matrix.js';

const control = { orderDayMinor: 50_000, operatorDayMinor: 120_000 };

describe('the control matrix', () => {
  it('sums a day’s requests on one order: three waivers of Rs.450 pass Rs.500 on the second', () => {
    expect(controlBreach(control, { amountMinor: 45_000, orderTodayMinor: 0, operatorTodayMinor: 0 })).toBeNull();
    expect(controlBreach(control, { amountMinor: 45_000, orderTodayMinor: 45_000, operatorTodayMinor: 45_000 })).toEqual({
      limit: 'orderDay',
      limitMinor: 50_000,
      movedMinor: 45_000,
    });
  });

  it('sums an operator’s day over every order', () => {
    expect(controlBreach(control, { amountMinor: 40_000, orderTodayMinor: 0, operatorTodayMinor: 90_000 })).toEqual({
      limit: 'operatorDay',
      limitMinor: 120_000,
      movedMinor: 90_000,
    });
  });

  it('never lets requests split however finely move more in a day without a second person than either limit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 40 }), (amounts) => {
        let moved = 0;
        for (const amountMinor of amounts) {
          if (controlBreach(control, { amountMinor, orderTodayMinor: moved, operatorTodayMinor: moved }) === null) moved += amountMinor;
        }
        expect(moved).toBeLessThanOrEqual(control.orderDayMinor);
      }),
      { numRuns: 1_000 },
    );
  });
});
