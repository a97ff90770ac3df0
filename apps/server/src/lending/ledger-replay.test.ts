import { IndiaPenalty, Market } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { type LedgerRow, type ReplayTerms, replayLedger, type ScheduledPeriod } from './ledger-replay.js';
import type { PenaltyPolicy } from './product.js';

const START = '2026-01-01';

const indiaPolicy: PenaltyPolicy = {
  kind: 'india-tiered',
  flatNewClientMinor: IndiaPenalty.flatNewClientMinor,
  flatRepeatClientMinor: IndiaPenalty.flatRepeatClientMinor,
  tiers: IndiaPenalty.dailyRateBps.map(({ fromDay, bps }) => ({ fromDay, bps })),
};

const terms = (overrides: Partial<ReplayTerms> = {}): ReplayTerms => ({
  market: Market.India,
  principalMinor: 1_000_000,
  pricing: { penalty: indiaPolicy, totalCostCapBps: null },
  isRepeatClient: false,
  ...overrides,
});

const single = (dueDate: BusinessDate, principalMinor = 1_000_000): ScheduledPeriod[] => [
  { periodNo: 1, dueDate, principalMinor, interestMinor: 50_000, feeMinor: 30_000 },
];

describe('replayLedger', () => {
  it('allocates each repayment to what was owed at its moment: a later penalty is owed, not paid by an earlier repayment', () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-02-01'),
      ledger: [
        { id: 1, kind: 'repayment', businessDate: '2026-01-20', amountMinor: 100_000 },
        { id: 2, kind: 'penalty', businessDate: '2026-02-02', amountMinor: 150_000 },
      ],
    });
    // the repayment covered the fee, the interest and Rs.200 of principal; the penalty came after it
    expect(replay.penaltyOwedMinor).toBe(150_000);
    expect(replay.periods[0]).toMatchObject({ feeMinor: 0, interestMinor: 0, principalMinor: 980_000 });
    expect(replay.outstandingMinor).toBe(1_130_000);
    expect(replay.allocations[0]!.lines).toEqual([
      { periodNo: 1, component: 'fee', amountMinor: 30_000 },
      { periodNo: 1, component: 'interest', amountMinor: 50_000 },
      { periodNo: 1, component: 'principal', amountMinor: 20_000 },
    ]);
  });

  it('takes a coupon discount off the fee and interest it names, never the principal or a penalty, and counts it apart (issue 50)', () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-02-01'),
      ledger: [
        { id: 1, kind: 'penalty', businessDate: '2026-02-02', amountMinor: 150_000 },
        { id: 2, kind: 'coupon_discount', businessDate: '2026-02-03', amountMinor: 90_000, feeMinor: 30_000, interestMinor: 60_000 },
      ],
    });
    // the interest owed was 50,000: the coupon takes no more, and nothing off the penalty or the principal
    expect(replay.periods[0]).toMatchObject({ feeMinor: 0, interestMinor: 0, principalMinor: 1_000_000 });
    expect(replay.penaltyOwedMinor).toBe(150_000);
    expect(replay.couponDiscountMinor).toBe(80_000);
    expect(replay.couponInterestMinor).toBe(50_000);
    expect(replay.repaidMinor).toBe(0);
  });

  it("takes an operator's penalty waiver off the penalties owed, never below nothing, while the cost charged stays counted", () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-02-01'),
      ledger: [
        { id: 1, kind: 'penalty', businessDate: '2026-02-02', amountMinor: 150_000 },
        { id: 2, kind: 'penalty_waiver', businessDate: '2026-02-02', amountMinor: 60_000 },
        { id: 3, kind: 'penalty_waiver', businessDate: '2026-02-02', amountMinor: 500_000 },
      ],
    });
    expect(replay.penaltyOwedMinor).toBe(0);
    expect(replay.penaltyWaivedMinor).toBe(150_000);
    expect(replay.penaltiesChargedMinor).toBe(150_000);
    expect(replay.outstandingMinor).toBe(1_080_000);
  });

  it('takes everything owed off with a write-off: nothing is owed after it and no later day accrues a penalty', () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-02-01'),
      ledger: [
        { id: 1, kind: 'repayment', businessDate: '2026-01-20', amountMinor: 100_000 },
        { id: 2, kind: 'penalty', businessDate: '2026-02-02', amountMinor: 150_000 },
        { id: 3, kind: 'write_off', businessDate: '2026-02-03', amountMinor: 1_130_000 },
      ],
      accrueThrough: '2026-02-20',
    });
    expect(replay.outstandingMinor).toBe(0);
    expect(replay.writtenOffMinor).toBe(1_130_000);
    // the day before the write-off still accrued; none after it
    expect(replay.accrued.map((penalty) => penalty.businessDate)).toEqual(['2026-02-03']);
    expect(replay.periods[0]!.owedMinor).toBe(0);
  });

  it('keeps an overpayment refundable until a refund pays it back, and again once the bank returns that refund', () => {
    const ledger: LedgerRow[] = [
      { id: 1, kind: 'repayment', businessDate: '2026-01-20', amountMinor: 1_080_000 },
      { id: 2, kind: 'repayment', businessDate: '2026-01-20', amountMinor: 50_000 },
    ];
    const paid = replayLedger({ terms: terms(), periods: single('2026-02-01'), ledger });
    expect([paid.overpaidMinor, paid.refundedMinor]).toEqual([50_000, 0]);
    const refunded = replayLedger({
      terms: terms(),
      periods: single('2026-02-01'),
      ledger: [...ledger, { id: 3, kind: 'refund', businessDate: '2026-01-22', amountMinor: 50_000 }],
    });
    expect([refunded.overpaidMinor, refunded.refundedMinor, refunded.outstandingMinor]).toEqual([50_000, 50_000, 0]);
    const returned = replayLedger({
      terms: terms(),
      periods: single('2026-02-01'),
      ledger: [
        ...ledger,
        { id: 3, kind: 'refund', businessDate: '2026-01-22', amountMinor: 50_000 },
        { id: 4, kind: 'refund_reversal', businessDate: '2026-01-23', amountMinor: 50_000 },
      ],
    });
    expect(returned.refundedMinor).toBe(0);
  });

  it('records what the order owed right after each repayment and each extension fee, for their receipts', () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-02-01'),
      ledger: [
        { id: 1, kind: 'repayment', businessDate: '2026-01-10', amountMinor: 100_000 },
        { id: 2, kind: 'extension_fee', businessDate: '2026-01-20', amountMinor: 40_000, days: 7, periods: [1] },
        { id: 3, kind: 'penalty', businessDate: '2026-02-09', amountMinor: 150_000 },
        { id: 4, kind: 'repayment', businessDate: '2026-02-10', amountMinor: 200_000 },
      ],
    });
    // 1,080,000 owed: the first repayment leaves 980,000; the fee moves the date and owes nothing more
    expect(replay.allocations.map((allocation) => [allocation.ledgerId, allocation.outstandingAfterMinor])).toEqual([
      [1, 980_000],
      [4, 930_000],
    ]);
    expect(replay.extensionPayments).toEqual([
      { ledgerId: 2, businessDate: '2026-01-20', amountMinor: 40_000, days: 7, outstandingAfterMinor: 980_000, firstPeriodNo: 1 },
    ]);
  });

  it('charges India Rs.1,000 and 5 % on the first overdue day, then 5 % a day of the overdue principal only', () => {
    const replay = replayLedger({ terms: terms(), periods: single('2026-02-01'), ledger: [], accrueThrough: '2026-02-04' });
    expect(replay.accrued.map(({ businessDate, overdueDay, amountMinor }) => [businessDate, overdueDay, amountMinor])).toEqual([
      ['2026-02-02', 1, 150_000],
      ['2026-02-03', 2, 50_000],
      ['2026-02-04', 3, 50_000],
    ]);
  });

  it('runs the next day’s penalty on the principal a repayment left overdue', () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-02-01'),
      ledger: [{ id: 1, kind: 'repayment', businessDate: '2026-02-02', amountMinor: 150_000 + 80_000 + 500_000 }],
      accrueThrough: '2026-02-03',
    });
    // day 1 on Rs.10,000; the repayment paid the penalty, fee, interest and Rs.5,000; day 2 on the Rs.5,000 left
    expect(replay.accrued.map((penalty) => penalty.amountMinor)).toEqual([150_000, 25_000]);
    expect(replay.outstandingMinor).toBe(500_000 + 25_000);
  });

  it('accrues nothing for a day that already has its penalty row, so a catch-up never duplicates', () => {
    const first = replayLedger({ terms: terms(), periods: single('2026-02-01'), ledger: [], accrueThrough: '2026-02-10' });
    const posted: LedgerRow[] = first.accrued.slice(0, 4).map((penalty, index) => ({
      id: 100 + index,
      kind: 'penalty',
      businessDate: penalty.businessDate,
      amountMinor: penalty.amountMinor,
    }));
    const again = replayLedger({ terms: terms(), periods: single('2026-02-01'), ledger: posted, accrueThrough: '2026-02-10' });
    expect(again.accrued).toEqual(first.accrued.slice(4));
    expect(again.outstandingMinor).toBe(first.outstandingMinor);
  });

  it('stops Indonesian penalties where interest, fees and penalties reach the principal', () => {
    const replay = replayLedger({
      terms: terms({
        market: Market.Indonesia,
        principalMinor: 100_000_000,
        pricing: { penalty: { kind: 'daily-capped', dailyBps: 10 }, totalCostCapBps: 10_000 },
      }),
      periods: [{ periodNo: 1, dueDate: '2026-02-01', principalMinor: 100_000_000, interestMinor: 9_000_000, feeMinor: 3_000_000 }],
      ledger: [],
      accrueThrough: '2028-12-31',
    });
    expect(replay.accrued[0]!.amountMinor).toBe(100_000);
    expect(replay.penaltiesChargedMinor).toBe(100_000_000 - 12_000_000);
  });

  it('moves due dates with an extension from the day it is paid: no penalty until the new due date passes', () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-02-15'),
      ledger: [{ id: 1, kind: 'extension_fee', businessDate: '2026-02-01', amountMinor: 50_000, days: 14, periods: [1] }],
      accrueThrough: '2026-02-16',
    });
    expect(replay.accrued.map((penalty) => penalty.businessDate)).toEqual(['2026-02-16']);
    expect(replay.extensions).toBe(1);
  });

  it('waives the interest of the latest periods when a loan closes early', () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-04-01'),
      ledger: [
        { id: 1, kind: 'interest_waiver', businessDate: '2026-03-01', amountMinor: 20_000 },
        { id: 2, kind: 'repayment', businessDate: '2026-03-01', amountMinor: 1_060_000 },
      ],
    });
    expect(replay.outstandingMinor).toBe(0);
    expect(replay.interestWaivedMinor).toBe(20_000);
    expect(replay.paidByComponent.interest).toBe(30_000);
  });
});

// ——— a naive day-by-day simulation, written separately, that the replay must agree with ———

interface NaiveEvent {
  day: number;
  kind: 'repayment' | 'extension';
  amountMinor: number;
  days: number;
}

interface NaivePeriod {
  periodNo: number;
  dueDay: number;
  fee: number;
  interest: number;
  principal: number;
}

const naiveDailyBps = (policy: PenaltyPolicy, market: Market, overdueDay: number): number => {
  if (policy.kind === 'daily-capped') return market === Market.Indonesia ? Math.min(policy.dailyBps, 10) : policy.dailyBps;
  let bps = 0;
  for (const tier of policy.tiers) if (tier.fromDay <= overdueDay) bps = tier.bps;
  return bps;
};

const simulate = (t: ReplayTerms, scheduled: NaivePeriod[], events: NaiveEvent[], lastDay: number) => {
  const periods = scheduled.map((period) => ({ ...period }));
  const capBps = t.market === Market.Indonesia ? Math.min(t.pricing.totalCostCapBps ?? 10_000, 10_000) : t.pricing.totalCostCapBps;
  let cost = scheduled.reduce((total, period) => total + period.fee + period.interest, 0);
  let penaltyOwed = 0;
  let penaltyDays = 0;
  const penalties: { day: number; amountMinor: number }[] = [];
  const extensionPeriods: number[][] = [];
  for (let day = 0; day <= lastDay; day += 1) {
    const overdue = periods.filter((period) => period.fee + period.interest + period.principal > 0 && period.dueDay < day);
    if (overdue.length > 0) {
      const overdueDay = day - Math.min(...overdue.map((period) => period.dueDay));
      const base = overdue.reduce((total, period) => total + period.principal, 0);
      let amount = Math.floor((base * naiveDailyBps(t.pricing.penalty, t.market, overdueDay)) / 10_000);
      if (base > 0 && penaltyDays === 0 && t.pricing.penalty.kind === 'india-tiered') {
        amount += t.isRepeatClient ? t.pricing.penalty.flatRepeatClientMinor : t.pricing.penalty.flatNewClientMinor;
      }
      if (base === 0) amount = 0;
      if (capBps !== null) amount = Math.min(amount, Math.max(0, Math.floor((t.principalMinor * capBps) / 10_000) - cost));
      if (amount > 0) {
        penalties.push({ day, amountMinor: amount });
        penaltyOwed += amount;
        cost += amount;
        penaltyDays += 1;
      }
    }
    for (const event of events.filter((candidate) => candidate.day === day)) {
      if (event.kind === 'extension') {
        const unpaid = periods.filter((period) => period.fee + period.interest + period.principal > 0);
        extensionPeriods.push(unpaid.map((period) => period.periodNo));
        for (const period of unpaid) period.dueDay += event.days;
        cost += event.amountMinor;
        continue;
      }
      let left = event.amountMinor;
      const paid = Math.min(left, penaltyOwed);
      penaltyOwed -= paid;
      left -= paid;
      const order = [...periods].sort((a, b) => a.dueDay - b.dueDay || a.periodNo - b.periodNo);
      for (const period of order) {
        for (const component of ['fee', 'interest', 'principal'] as const) {
          const take = Math.min(left, period[component]);
          period[component] -= take;
          left -= take;
        }
      }
    }
  }
  return { periods, penaltyOwed, penalties, extensionPeriods };
};

const scenario = fc
  .record({
    market: fc.constantFrom(Market.India, Market.Indonesia),
    isRepeatClient: fc.boolean(),
    principalMinor: fc.integer({ min: 1_000, max: 50_000_000 }),
    periodCount: fc.integer({ min: 1, max: 4 }),
    termDays: fc.integer({ min: 8, max: 120 }),
    interestShare: fc.integer({ min: 0, max: 40 }),
    feeShare: fc.integer({ min: 0, max: 10 }),
    dailyBps: fc.integer({ min: 0, max: 50 }),
    capBps: fc.option(fc.integer({ min: 0, max: 15_000 }), { nil: null }),
    events: fc.array(
      fc.record({
        day: fc.integer({ min: 1, max: 260 }),
        kind: fc.constantFrom('repayment' as const, 'repayment' as const, 'extension' as const),
        share: fc.integer({ min: 1, max: 120 }),
        days: fc.integer({ min: 1, max: 30 }),
      }),
      { maxLength: 6 },
    ),
    horizon: fc.integer({ min: 0, max: 280 }),
  })
  .map((s) => {
    const t: ReplayTerms = {
      market: s.market,
      principalMinor: s.principalMinor,
      isRepeatClient: s.isRepeatClient,
      pricing: {
        penalty: s.market === Market.India ? indiaPolicy : { kind: 'daily-capped', dailyBps: s.dailyBps },
        totalCostCapBps: s.capBps,
      },
    };
    const share = Math.floor(s.principalMinor / s.periodCount);
    const periods: NaivePeriod[] = Array.from({ length: s.periodCount }, (_, index) => ({
      periodNo: index + 1,
      dueDay: Math.round((s.termDays * (index + 1)) / s.periodCount),
      principal: index === s.periodCount - 1 ? s.principalMinor - share * (s.periodCount - 1) : share,
      interest: Math.floor((share * s.interestShare) / 100),
      fee: Math.floor((share * s.feeShare) / 100),
    }));
    const events: NaiveEvent[] = [...s.events]
      .sort((a, b) => a.day - b.day)
      .map((event) => ({
        day: event.day,
        kind: event.kind,
        amountMinor: Math.max(1, Math.floor((s.principalMinor * event.share) / 200)),
        days: event.days,
      }));
    return { t, periods, events, horizon: s.horizon };
  });

const dateOf = (day: number) => addDays(START, day);

describe('replayLedger against a naive day-by-day simulation', () => {
  it('agrees on every penalty day and on every balance, by component and period, whatever the repayments and extensions', () => {
    fc.assert(
      fc.property(scenario, ({ t, periods, events, horizon }) => {
        const naive = simulate(t, periods, events, horizon);
        let extensionIndex = 0;
        const ledger: LedgerRow[] = events
          .filter((event) => event.day <= horizon)
          .map((event, index) =>
            event.kind === 'repayment'
              ? { id: index + 1, kind: 'repayment' as const, businessDate: dateOf(event.day), amountMinor: event.amountMinor }
              : {
                  id: index + 1,
                  kind: 'extension_fee' as const,
                  businessDate: dateOf(event.day),
                  amountMinor: event.amountMinor,
                  days: event.days,
                  periods: naive.extensionPeriods[extensionIndex++]!,
                },
          );
        // the schedule as stored: due dates in force now, extensions included
        const final = new Map(naive.periods.map((period) => [period.periodNo, period.dueDay]));
        const scheduled: ScheduledPeriod[] = periods.map((period) => ({
          periodNo: period.periodNo,
          dueDate: dateOf(final.get(period.periodNo)!),
          principalMinor: period.principal,
          interestMinor: period.interest,
          feeMinor: period.fee,
        }));
        const replay = replayLedger({ terms: t, periods: scheduled, ledger, accrueThrough: dateOf(horizon) });

        expect(replay.accrued.map((penalty) => [penalty.businessDate, penalty.amountMinor])).toEqual(
          naive.penalties.map((penalty) => [dateOf(penalty.day), penalty.amountMinor]),
        );
        expect(replay.penaltyOwedMinor).toBe(naive.penaltyOwed);
        const byPeriod = <P extends { periodNo: number }>(list: P[]) => [...list].sort((a, b) => a.periodNo - b.periodNo);
        expect(byPeriod(replay.periods).map((p) => [p.periodNo, p.feeMinor, p.interestMinor, p.principalMinor])).toEqual(
          byPeriod(naive.periods).map((p) => [p.periodNo, p.fee, p.interest, p.principal]),
        );

        // the accrued penalties posted as rows replay to the same balances: the job's rows and the replay agree
        const posted: LedgerRow[] = replay.accrued.map((penalty, index) => ({
          id: 1_000 + index,
          kind: 'penalty',
          businessDate: penalty.businessDate,
          amountMinor: penalty.amountMinor,
        }));
        const again = replayLedger({ terms: t, periods: scheduled, ledger: [...ledger, ...posted], accrueThrough: dateOf(horizon) });
        expect(again.accrued).toEqual([]);
        expect(again.outstandingMinor).toBe(replay.outstandingMinor);
        expect(daysBetween(START, dateOf(horizon))).toBe(horizon);
      }),
      { numRuns: 10_000 },
    );
  }, 120_000);
});

describe('replayLedger: a reversed disbursal (issue 28, decision 137)', () => {
  const landed: LedgerRow = { id: 1, kind: 'disbursement', businessDate: START, amountMinor: 1_000_000 };
  const reversal = (id: number, businessDate: BusinessDate): LedgerRow => ({
    id,
    kind: 'disbursement_reversal',
    businessDate,
    amountMinor: 1_000_000,
  });

  it('owes nothing once the payout came back: no principal, interest, fee or penalty, however late it is', () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-01-10'),
      ledger: [landed, reversal(2, '2026-01-03')],
      accrueThrough: '2026-06-01',
    });
    expect(replay.reversed).toBe(true);
    expect(replay.outstandingMinor).toBe(0);
    expect(replay.periods[0]).toMatchObject({ feeMinor: 0, interestMinor: 0, principalMinor: 0, owedMinor: 0 });
    expect(replay.penaltiesChargedMinor).toBe(0);
    expect(replay.accrued).toEqual([]);
  });

  it('keeps what the borrower paid on the undone loan for a refund, and a penalty posted before it is not owed', () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-01-10'),
      ledger: [
        landed,
        { id: 2, kind: 'repayment', businessDate: '2026-01-05', amountMinor: 300_000 },
        { id: 3, kind: 'penalty', businessDate: '2026-01-11', amountMinor: 100_000 },
        reversal(4, '2026-01-12'),
      ],
    });
    expect(replay.outstandingMinor).toBe(0);
    expect(replay.overpaidMinor).toBe(300_000);
    expect(replay.repaidMinor).toBe(300_000);
    expect(replay.penaltyOwedMinor).toBe(0);
  });

  it('starts the loan again when a payout lands after the reversal: the new schedule is owed in full', () => {
    const replay = replayLedger({
      terms: terms(),
      periods: single('2026-02-20'),
      ledger: [landed, reversal(2, '2026-01-03'), { id: 3, kind: 'disbursement', businessDate: '2026-01-21', amountMinor: 1_000_000 }],
      accrueThrough: '2026-01-25',
    });
    expect(replay.reversed).toBe(false);
    expect(replay.outstandingMinor).toBe(1_080_000);
  });

  it('without a reversal nothing changes (property: any ledger of the other kinds replays as before)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_080_000 }), (paid) => {
        const ledger: LedgerRow[] = [landed, { id: 2, kind: 'repayment', businessDate: '2026-01-05', amountMinor: paid }];
        const replay = replayLedger({ terms: terms(), periods: single('2026-01-10'), ledger });
        expect(replay.reversed).toBe(false);
        expect(replay.outstandingMinor).toBe(1_080_000 - paid);
      }),
    );
  });
});
