import { Market, OrderStatus, orderStatuses } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { type LedgerRow, replayLedger } from './ledger-replay.js';
import { deriveOrderStatus, type OrderFacts, type OrderPosition, positionOf } from './order-status.js';

const TODAY = '2026-11-21';

interface SimpleFacts {
  decision: OrderFacts['decision'];
  disbursed: boolean;
  periods: { dueDate: BusinessDate; amountMinor: number }[];
  penaltiesMinor: number;
  repaidMinor: number;
  extensions: number;
  lastRepaymentOn: BusinessDate | null;
}

/** Facts from a schedule and ledger totals: the totals become one row each, replayed by the one waterfall. */
const factsOf = (simple: SimpleFacts): OrderFacts => {
  // penalties and extensions before the repayment: the old totals model had no time
  const ledger: LedgerRow[] = [];
  if (simple.penaltiesMinor > 0) ledger.push({ id: 1, kind: 'penalty', businessDate: '2000-01-01', amountMinor: simple.penaltiesMinor });
  for (let n = 0; n < simple.extensions; n += 1) {
    ledger.push({ id: 2 + n, kind: 'extension_fee', businessDate: '2000-01-01', amountMinor: 1, days: 0, periods: [] });
  }
  if (simple.repaidMinor > 0) {
    ledger.push({ id: 10, kind: 'repayment', businessDate: simple.lastRepaymentOn ?? '2100-01-01', amountMinor: simple.repaidMinor });
  }
  const replay = replayLedger({
    terms: {
      market: Market.India,
      principalMinor: 0,
      pricing: { penalty: { kind: 'daily-capped', dailyBps: 0 }, totalCostCapBps: null },
      isRepeatClient: false,
    },
    periods: simple.periods.map((period, index) => ({
      periodNo: index + 1,
      dueDate: period.dueDate,
      principalMinor: period.amountMinor,
      interestMinor: 0,
      feeMinor: 0,
    })),
    ledger,
  });
  return {
    decision: simple.decision,
    disbursed: simple.disbursed,
    position: { ...positionOf(replay), lastRepaymentOn: simple.lastRepaymentOn },
  };
};

const positionOfFacts = (simple: SimpleFacts): OrderPosition => factsOf(simple).position;
const status = (simple: SimpleFacts, today: BusinessDate) => deriveOrderStatus(factsOf(simple), today);

const makeOrderFacts = (overrides: Partial<SimpleFacts> = {}): SimpleFacts => ({
  decision: 'approved',
  disbursed: true,
  periods: [{ dueDate: addDays(TODAY, 30), amountMinor: 1_000_000 }],
  penaltiesMinor: 0,
  repaidMinor: 0,
  extensions: 0,
  lastRepaymentOn: null,
  ...overrides,
});

const threePeriods = [
  { dueDate: addDays(TODAY, -10), amountMinor: 400_000 },
  { dueDate: addDays(TODAY, 20), amountMinor: 400_000 },
  { dueDate: addDays(TODAY, 50), amountMinor: 400_001 },
];

describe('deriveOrderStatus', () => {
  it('shows a submitted order without a decision as under review (21)', () => {
    expect(status(makeOrderFacts({ decision: null, disbursed: false }), TODAY)).toBe(OrderStatus.UnderReview);
  });

  it('shows a rejected order as rejected (110)', () => {
    expect(status(makeOrderFacts({ decision: 'rejected', disbursed: false }), TODAY)).toBe(OrderStatus.Rejected);
  });

  it('shows an approved order not yet paid out as disbursing (151)', () => {
    expect(status(makeOrderFacts({ disbursed: false }), TODAY)).toBe(OrderStatus.Disbursing);
  });

  it('shows an approved order the borrower cancelled before its money arrived as closed like a rejection (110)', () => {
    expect(deriveOrderStatus({ ...factsOf(makeOrderFacts({ disbursed: false })), cancelled: true }, TODAY)).toBe(OrderStatus.Rejected);
  });

  it('shows a written-off order as settled (200), also one partly repaid before its due window (never closed early, 4)', () => {
    const facts = makeOrderFacts({ repaidMinor: 300_000, lastRepaymentOn: addDays(TODAY, -5) });
    const closed = { ...factsOf(facts), position: { ...factsOf(facts).position, outstandingMinor: 0, writtenOff: true } };
    expect(deriveOrderStatus(closed, TODAY)).toBe(OrderStatus.Settled);
    expect(deriveOrderStatus({ ...closed, position: { ...closed.position, writtenOff: false } }, TODAY)).toBe(OrderStatus.ClosedEarly);
  });

  it('shows a disbursed order due in more than 3 days as disbursed (170)', () => {
    expect(status(makeOrderFacts(), TODAY)).toBe(OrderStatus.Disbursed);
  });

  it('shows an order due within 3 days or today as in its due window (174)', () => {
    for (const days of [0, 1, 2, 3]) {
      const facts = makeOrderFacts({ periods: [{ dueDate: addDays(TODAY, days), amountMinor: 1_000 }] });
      expect(status(facts, TODAY)).toBe(OrderStatus.DueSoon);
    }
    const fourDaysOut = makeOrderFacts({ periods: [{ dueDate: addDays(TODAY, 4), amountMinor: 1_000 }] });
    expect(status(fourDaysOut, TODAY)).toBe(OrderStatus.Disbursed);
  });

  it('shows an order owing after its due date as overdue (180)', () => {
    const facts = makeOrderFacts({ periods: [{ dueDate: addDays(TODAY, -1), amountMinor: 1_000 }] });
    expect(status(facts, TODAY)).toBe(OrderStatus.Overdue);
  });

  it('shows an installment loan with some periods paid as partly paid (3)', () => {
    const facts = makeOrderFacts({ periods: threePeriods, repaidMinor: 400_000, lastRepaymentOn: addDays(TODAY, -12) });
    expect(status(facts, TODAY)).toBe(OrderStatus.InstallmentPartlyPaid);
  });

  it('shows an order whose delay fee was paid and new due date not passed as extended (5)', () => {
    const facts = makeOrderFacts({ periods: [{ dueDate: addDays(TODAY, 2), amountMinor: 1_000 }], extensions: 1 });
    expect(status(facts, TODAY)).toBe(OrderStatus.Extended);
  });

  it('shows an extended order past its new due date as overdue (180)', () => {
    const facts = makeOrderFacts({ periods: [{ dueDate: addDays(TODAY, -2), amountMinor: 1_000 }], extensions: 1 });
    expect(status(facts, TODAY)).toBe(OrderStatus.Overdue);
  });

  it('shows an order paid off in or after its due window as settled (200)', () => {
    const due = addDays(TODAY, -5);
    const facts = makeOrderFacts({
      periods: [{ dueDate: due, amountMinor: 1_000 }],
      repaidMinor: 1_000,
      lastRepaymentOn: addDays(due, -3),
    });
    expect(status(facts, TODAY)).toBe(OrderStatus.Settled);
  });

  it('shows an order paid off before its due window as closed early (4)', () => {
    const facts = makeOrderFacts({ repaidMinor: 1_000_000, lastRepaymentOn: TODAY });
    expect(status(facts, TODAY)).toBe(OrderStatus.ClosedEarly);
  });

  it('counts penalties as owed before any period is paid', () => {
    const facts = makeOrderFacts({ periods: threePeriods, penaltiesMinor: 50_000, repaidMinor: 400_000 });
    expect(positionOfFacts(facts)).toMatchObject({ periodsPaid: 0, outstandingMinor: 850_001, currentDueDate: threePeriods[0]!.dueDate });
    expect(status(facts, TODAY)).toBe(OrderStatus.Overdue);
  });
});

const isoDate = fc.integer({ min: 0, max: 3_000 }).map((offset) => addDays('2025-01-01', offset));
const factsArbitrary = fc.record({
  decision: fc.constantFrom('approved' as const, 'rejected' as const, null),
  disbursed: fc.boolean(),
  periods: fc.array(fc.record({ dueDate: isoDate, amountMinor: fc.integer({ min: 1, max: 2_000_000_000 }) }), { maxLength: 6 }),
  penaltiesMinor: fc.integer({ min: 0, max: 100_000_000 }),
  repaidMinor: fc.integer({ min: 0, max: 5_000_000_000 }),
  extensions: fc.integer({ min: 0, max: 3 }),
  lastRepaymentOn: fc.option(isoDate, { nil: null }),
});

describe('deriveOrderStatus properties', () => {
  it('always answers one of the status codes of DESIGN §4', () => {
    fc.assert(
      fc.property(factsArbitrary, isoDate, (facts, today) => {
        expect(orderStatuses).toContain(status(facts, today));
      }),
      { numRuns: 1000 },
    );
  });

  it('shows a disbursed order with nothing outstanding as settled (200) or closed early (4), whatever the date', () => {
    fc.assert(
      fc.property(factsArbitrary, isoDate, (facts, today) => {
        const paidOff = { ...facts, decision: 'approved' as const, disbursed: true };
        const owed = paidOff.periods.reduce((sum, period) => sum + period.amountMinor, 0) + paidOff.penaltiesMinor;
        const settled = { ...paidOff, repaidMinor: owed + (facts.repaidMinor % 100) };
        expect([OrderStatus.Settled, OrderStatus.ClosedEarly]).toContain(status(settled, today));
      }),
      { numRuns: 1000 },
    );
  });

  it('shows an order owing money past the due date of its oldest unpaid period as overdue (180)', () => {
    fc.assert(
      fc.property(factsArbitrary, isoDate, fc.integer({ min: 1, max: 400 }), (facts, _today, lateBy) => {
        const owing = { ...facts, decision: 'approved' as const, disbursed: true };
        const position = positionOfFacts(owing);
        fc.pre(position.outstandingMinor > 0 && position.currentDueDate !== null);
        const today = addDays(position.currentDueDate!, lateBy);
        expect(status(owing, today)).toBe(OrderStatus.Overdue);
      }),
      { numRuns: 1000 },
    );
  });

  it('never shows an order owing money as settled or closed early', () => {
    fc.assert(
      fc.property(factsArbitrary, isoDate, (facts, today) => {
        fc.pre(positionOfFacts(facts).outstandingMinor > 0);
        expect([OrderStatus.Settled, OrderStatus.ClosedEarly]).not.toContain(status(facts, today));
      }),
      { numRuns: 1000 },
    );
  });

  it('never shows an order as overdue (180) before the due date of its oldest unpaid period has passed', () => {
    fc.assert(
      fc.property(factsArbitrary, fc.integer({ min: 0, max: 400 }), (facts, early) => {
        const { currentDueDate } = positionOfFacts(facts);
        fc.pre(currentDueDate !== null);
        expect(status(facts, addDays(currentDueDate!, -early))).not.toBe(OrderStatus.Overdue);
      }),
      { numRuns: 1000 },
    );
  });

  it('shows extended (5) only for an order with a paid extension, and the due window (174) only within 3 days of the due date', () => {
    fc.assert(
      fc.property(factsArbitrary, isoDate, (facts, today) => {
        const derived = status(facts, today);
        const { currentDueDate } = positionOfFacts(facts);
        if (derived === OrderStatus.Extended) expect(facts.extensions).toBeGreaterThan(0);
        if (derived === OrderStatus.DueSoon) {
          expect(daysBetween(today, currentDueDate!)).toBeGreaterThanOrEqual(0);
          expect(daysBetween(today, currentDueDate!)).toBeLessThanOrEqual(3);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('shows an order as settled (200) or closed early (4) only when it was paid out and nothing is outstanding', () => {
    fc.assert(
      fc.property(factsArbitrary, isoDate, (facts, today) => {
        const derived = status(facts, today);
        fc.pre(derived === OrderStatus.Settled || derived === OrderStatus.ClosedEarly);
        expect(facts.disbursed).toBe(true);
        expect(positionOfFacts(facts).outstandingMinor).toBe(0);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps outstanding equal to what was scheduled and charged less what was repaid, never below zero', () => {
    fc.assert(
      fc.property(factsArbitrary, (facts) => {
        const scheduled = facts.periods.reduce((sum, period) => sum + period.amountMinor, 0);
        const { outstandingMinor, periodsPaid } = positionOfFacts(facts);
        expect(outstandingMinor).toBe(Math.max(0, scheduled + facts.penaltiesMinor - facts.repaidMinor));
        expect(periodsPaid).toBeLessThanOrEqual(facts.periods.length);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('business dates', () => {
  it('adds and counts days across month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(daysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(daysBetween('2026-03-01', '2026-02-27')).toBe(-2);
  });
});
