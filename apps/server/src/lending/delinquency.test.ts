import { Market } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classify, DEFAULT_STAGES, indiaClassDates, stageOf, stageRangesProblem } from './delinquency.js';

describe('classification from days past due', () => {
  it.each([
    [0, 'standard'],
    [1, 'sma0'],
    [30, 'sma0'],
    [31, 'sma1'],
    [60, 'sma1'],
    [61, 'sma2'],
    [90, 'sma2'],
    [91, 'npa'],
    [400, 'npa'],
  ] as const)('classifies an Indian loan %i days past due as %s (RBI IRACP)', (days, expected) => {
    expect(classify(Market.India, days)).toBe(expected);
  });

  it.each([
    [0, 'lancar'],
    [1, 'dalam_perhatian_khusus'],
    [30, 'dalam_perhatian_khusus'],
    [31, 'kurang_lancar'],
    [60, 'kurang_lancar'],
    [61, 'diragukan'],
    [90, 'diragukan'],
    [91, 'macet'],
  ] as const)('classifies an Indonesian loan %i days past due as %s (POJK 10/2022)', (days, expected) => {
    expect(classify(Market.Indonesia, days)).toBe(expected);
  });

  it('never moves a loan to a milder class as it ages', () => {
    const order = {
      IN: ['standard', 'sma0', 'sma1', 'sma2', 'npa'],
      ID: ['lancar', 'dalam_perhatian_khusus', 'kurang_lancar', 'diragukan', 'macet'],
    };
    fc.assert(
      fc.property(fc.constantFrom(Market.India, Market.Indonesia), fc.nat(500), fc.nat(500), (market, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const rank = (days: number) => order[market].indexOf(classify(market, days));
        expect(rank(late)).toBeGreaterThanOrEqual(rank(early));
      }),
    );
  });
});

describe('collection stages', () => {
  it('places every overdue day in exactly one default stage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2000 }), (days) => {
        expect(DEFAULT_STAGES.filter((stage) => stageOf([stage], days) !== null)).toHaveLength(1);
      }),
    );
    expect(stageOf(DEFAULT_STAGES, 0)).toBeNull();
    expect(stageRangesProblem(DEFAULT_STAGES)).toBeNull();
  });

  it('refuses overlapping ranges and a range before day 1', () => {
    expect(
      stageRangesProblem([
        { code: 'A', fromDay: 1, toDay: 10 },
        { code: 'B', fromDay: 10, toDay: null },
      ]),
    ).toBe('A and B overlap');
    expect(stageRangesProblem([{ code: 'A', fromDay: 0, toDay: 10 }])).toBe('stages start from day 1 past due');
    expect(
      stageRangesProblem([
        { code: 'A', fromDay: 1, toDay: null },
        { code: 'B', fromDay: 20, toDay: null },
      ]),
    ).toBe('A and B overlap');
  });
});

describe('the India key fact statement’s example dates', () => {
  it('gives the first day of SMA-0, SMA-1, SMA-2 and NPA for an instalment left unpaid', () => {
    expect(indiaClassDates('2027-01-31')).toEqual({ sma0: '2027-02-01', sma1: '2027-03-03', sma2: '2027-04-02', npa: '2027-05-02' });
    expect(classify(Market.India, 31)).toBe('sma1');
  });
});
