import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRepayment, type OutstandingBalances, type PeriodBalance, totalOutstanding } from './allocation.js';
import { addDays } from './business-date.js';

const makePeriod = (periodNo: number, overrides: Partial<PeriodBalance> = {}): PeriodBalance => ({
  periodNo,
  dueDate: addDays('2026-01-01', 30 * periodNo),
  feeMinor: 1_000,
  interestMinor: 2_000,
  principalMinor: 10_000,
  ...overrides,
});

const makeBalances = (overrides: Partial<OutstandingBalances> = {}): OutstandingBalances => ({
  penaltyMinor: 500,
  periods: [makePeriod(1), makePeriod(2)],
  ...overrides,
});

describe('allocateRepayment', () => {
  it('covers penalty, then fee, interest and principal of the oldest period, before the next period', () => {
    const allocation = allocateRepayment(14_000, makeBalances());
    expect(allocation.lines).toEqual([
      { periodNo: null, component: 'penalty', amountMinor: 500 },
      { periodNo: 1, component: 'fee', amountMinor: 1_000 },
      { periodNo: 1, component: 'interest', amountMinor: 2_000 },
      { periodNo: 1, component: 'principal', amountMinor: 10_000 },
      { periodNo: 2, component: 'fee', amountMinor: 500 },
    ]);
    expect(allocation.byComponent).toEqual({ penalty: 500, fee: 1_500, interest: 2_000, principal: 10_000 });
    expect(allocation.remainderMinor).toBe(0);
    expect(allocation.outstanding.periods[1]).toMatchObject({ feeMinor: 500, interestMinor: 2_000, principalMinor: 10_000 });
  });

  it('takes the oldest period first whatever order the periods come in', () => {
    const periods = [makePeriod(2), makePeriod(1)];
    expect(allocateRepayment(1_000, { penaltyMinor: 0, periods }).lines).toEqual([{ periodNo: 1, component: 'fee', amountMinor: 1_000 }]);
  });

  it('returns an overpayment as the remainder', () => {
    const allocation = allocateRepayment(30_000, makeBalances());
    expect(allocation.remainderMinor).toBe(30_000 - 26_500);
    expect(totalOutstanding(allocation.outstanding)).toBe(0);
  });

  it('refuses a negative or fractional amount', () => {
    expect(() => allocateRepayment(-1, makeBalances())).toThrow(RangeError);
    expect(() => allocateRepayment(10.5, makeBalances())).toThrow(RangeError);
  });
});

const minor = fc.integer({ min: 0, max: 5_000_000 });
const balancesArbitrary = fc
  .record({
    penaltyMinor: minor,
    periods: fc.array(
      fc.record({ dueOffset: fc.integer({ min: 0, max: 400 }), feeMinor: minor, interestMinor: minor, principalMinor: minor }),
      {
        maxLength: 6,
      },
    ),
  })
  .map(
    ({ penaltyMinor, periods }): OutstandingBalances => ({
      penaltyMinor,
      periods: periods.map(({ dueOffset, ...amounts }, index) => ({
        periodNo: index + 1,
        dueDate: addDays('2026-01-01', dueOffset),
        ...amounts,
      })),
    }),
  );
const amount = fc.integer({ min: 0, max: 40_000_000 });
const rank = { penalty: 0, fee: 1, interest: 2, principal: 3 } as const;

describe('allocateRepayment properties', () => {
  it('preserves the sum: what is allocated plus the remainder is the repayment, and the balances fall by what is allocated', () => {
    fc.assert(
      fc.property(amount, balancesArbitrary, (repayment, balances) => {
        const allocation = allocateRepayment(repayment, balances);
        const allocated = allocation.lines.reduce((total, line) => total + line.amountMinor, 0);
        expect(allocated + allocation.remainderMinor).toBe(repayment);
        expect(Object.values(allocation.byComponent).reduce((a, b) => a + b, 0)).toBe(allocated);
        expect(totalOutstanding(allocation.outstanding)).toBe(totalOutstanding(balances) - allocated);
        expect(allocation.remainderMinor).toBe(Math.max(0, repayment - totalOutstanding(balances)));
      }),
      { numRuns: 1000 },
    );
  });

  it('respects the order: penalty first, then oldest period first, fee → interest → principal, each line covering all it owes but the last', () => {
    fc.assert(
      fc.property(amount, balancesArbitrary, (repayment, balances) => {
        const { lines } = allocateRepayment(repayment, balances);
        const due = new Map(balances.periods.map((period) => [period.periodNo, period]));
        const key = (line: (typeof lines)[number]) => {
          if (line.periodNo === null) return [-1, -1, 0];
          const period = due.get(line.periodNo)!;
          return [Date.parse(period.dueDate), period.periodNo, rank[line.component]];
        };
        for (let index = 1; index < lines.length; index += 1) {
          const [a, b] = [key(lines[index - 1]!), key(lines[index]!)];
          const before = a[0]! < b[0]! || (a[0] === b[0] && (a[1]! < b[1]! || (a[1] === b[1] && a[2]! < b[2]!)));
          expect(before).toBe(true);
        }
        // every line but the last clears its component
        for (const line of lines.slice(0, -1)) {
          const owed =
            line.periodNo === null
              ? balances.penaltyMinor
              : due.get(line.periodNo)![`${line.component as 'fee' | 'interest' | 'principal'}Minor`];
          expect(line.amountMinor).toBe(owed);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('gives the same result paid at once or in two parts, and never changes its inputs', () => {
    fc.assert(
      fc.property(amount, amount, balancesArbitrary, (first, second, balances) => {
        const snapshot = structuredClone(balances);
        const once = allocateRepayment(first + second, balances);
        const split = allocateRepayment(first, balances);
        const then = allocateRepayment(second + split.remainderMinor, split.outstanding);
        expect(balances).toEqual(snapshot);
        expect(then.outstanding).toEqual(once.outstanding);
        expect(then.remainderMinor).toBe(once.remainderMinor);
        expect(allocateRepayment(first + second, balances)).toEqual(once);
      }),
      { numRuns: 1000 },
    );
  });
});
