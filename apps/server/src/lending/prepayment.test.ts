import { Market } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateRepayment, totalOutstanding } from './allocation.js';
import { addDays, daysBetween } from './business-date.js';
import { canPrepay, type PrepaymentFacts, prepaymentMinDay, prepaymentOpensOn, prepaymentQuote } from './prepayment.js';
import { buildSchedule, type ScheduleTerms } from './schedule.js';

const START = '2026-01-10';

const factsFor = (terms: ScheduleTerms, repaidMinor = 0, penaltyMinor = 0): PrepaymentFacts => {
  const schedule = buildSchedule(terms);
  const { outstanding } = allocateRepayment(repaidMinor, { penaltyMinor, periods: schedule });
  return {
    startDate: terms.startDate,
    termDays: terms.termDays,
    principalMinor: terms.principalMinor,
    dailyInterestBps: terms.dailyInterestBps,
    schedule,
    outstanding,
  };
};

const singlePayment: ScheduleTerms = {
  principalMinor: 1_500_000,
  termDays: 91,
  periods: 1,
  startDate: START,
  dailyInterestBps: 5,
  serviceFeeBps: 300,
  totalCostCapBps: null,
};

describe('prepayment', () => {
  it('opens once half the term has passed: day 46 of a 91-day loan', () => {
    expect(prepaymentMinDay(91)).toBe(46);
    expect(prepaymentOpensOn(START, 91)).toBe(addDays(START, 46));
    expect(canPrepay(START, 91, addDays(START, 45))).toBe(false);
    expect(canPrepay(START, 91, addDays(START, 46))).toBe(true);
  });

  it('never opens before day 7, however short the term', () => {
    expect(prepaymentMinDay(10)).toBe(7);
    expect(canPrepay(START, 10, addDays(START, 6))).toBe(false);
  });

  it('costs the principal, interest accrued to the day of payment and the whole service fee', () => {
    const quote = prepaymentQuote(factsFor(singlePayment), addDays(START, 50));
    // 50 days at 0.05 % of Rs.15,000 = Rs.375; the fee of Rs.450 is earned at disbursal
    expect(quote).toEqual({
      allowed: true,
      opensOn: addDays(START, 46),
      payoffMinor: 1_500_000 + 37_500 + 45_000,
      breakdown: { penaltyMinor: 0, feeMinor: 45_000, interestMinor: 37_500, principalMinor: 1_500_000 },
      interestWaivedMinor: 68_250 - 37_500,
    });
  });

  it('never refunds interest already repaid with earlier instalments', () => {
    const terms = { ...singlePayment, principalMinor: 3_000_000, termDays: 180, periods: 3 };
    const schedule = buildSchedule(terms);
    const firstPeriod = schedule[0]!.principalMinor + schedule[0]!.interestMinor + schedule[0]!.feeMinor;
    const quote = prepaymentQuote(factsFor(terms, firstPeriod), addDays(START, 91));
    // interest accrued to day 91 (136,500) less the first period's interest (90,000)
    expect(quote.breakdown.interestMinor).toBe(136_500 - 90_000);
    expect(quote.breakdown.principalMinor).toBe(2_000_000);
  });
});

const termsArbitrary = fc.record({
  principalMinor: fc.integer({ min: 1, max: 2_000_000_000 }),
  termDays: fc.integer({ min: 91, max: 365 }),
  periods: fc.integer({ min: 1, max: 12 }),
  startDate: fc.constant(START),
  dailyInterestBps: fc.integer({ min: 0, max: 50 }),
  serviceFeeBps: fc.integer({ min: 0, max: 1_000 }),
  totalCostCapBps: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: null }),
  market: fc.constantFrom(Market.India, Market.Indonesia),
});
const repaidShare = fc.integer({ min: 0, max: 100 });
const penalty = fc.integer({ min: 0, max: 5_000_000 });

const quoteCase = fc.tuple(termsArbitrary, repaidShare, penalty).map(([terms, share, penaltyMinor]) => {
  const owed = buildSchedule(terms).reduce((total, period) => total + period.principalMinor + period.interestMinor + period.feeMinor, 0);
  return factsFor(terms, Math.floor((owed * share) / 100), penaltyMinor);
});

describe('prepayment properties', () => {
  it('is allowed exactly from half the term and never before day 7', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: -10, max: 500 }), (termDays, day) => {
        const allowed = canPrepay(START, termDays, addDays(START, day));
        expect(allowed).toBe(day >= 7 && day * 2 >= termDays);
      }),
      { numRuns: 1000 },
    );
  });

  it('never costs more than keeping the loan to term, and never less than the principal, fees and penalties still owed', () => {
    fc.assert(
      fc.property(quoteCase, fc.integer({ min: -5, max: 400 }), (facts, day) => {
        const quote = prepaymentQuote(facts, addDays(START, day));
        expect(quote.payoffMinor).toBeLessThanOrEqual(totalOutstanding(facts.outstanding));
        expect(quote.payoffMinor).toBeGreaterThanOrEqual(
          quote.breakdown.principalMinor + quote.breakdown.feeMinor + quote.breakdown.penaltyMinor,
        );
        expect(quote.payoffMinor + quote.interestWaivedMinor).toBe(totalOutstanding(facts.outstanding));
      }),
      { numRuns: 1000 },
    );
  });

  it('costs more, never less, the later the loan is closed', () => {
    fc.assert(
      fc.property(quoteCase, fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 400 }), (facts, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(prepaymentQuote(facts, addDays(START, late)).payoffMinor).toBeGreaterThanOrEqual(
          prepaymentQuote(facts, addDays(START, early)).payoffMinor,
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('costs everything still owed once the term has run', () => {
    fc.assert(
      fc.property(quoteCase, fc.integer({ min: 0, max: 100 }), (facts, after) => {
        const quote = prepaymentQuote(facts, addDays(START, facts.termDays + after));
        expect(quote.payoffMinor).toBe(totalOutstanding(facts.outstanding));
        expect(daysBetween(START, quote.opensOn)).toBe(Math.max(7, Math.ceil(facts.termDays / 2)));
      }),
      { numRuns: 1000 },
    );
  });
});
