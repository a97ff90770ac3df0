import { Market } from '@kilat/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './business-date.js';
import { type LedgerRow, replayLedger } from './ledger-replay.js';
import { canPrepay, prepaymentMinDay, prepaymentOpensOn, type QuoteFacts, repaymentQuote } from './prepayment.js';
import { buildSchedule, type ScheduleTerms } from './schedule.js';

const START = '2026-01-10';

const factsFor = (terms: ScheduleTerms, ledger: LedgerRow[] = []): QuoteFacts => ({
  startDate: terms.startDate,
  termDays: terms.termDays,
  principalMinor: terms.principalMinor,
  dailyInterestBps: terms.dailyInterestBps,
  replay: replayLedger({
    terms: {
      market: terms.market ?? Market.India,
      principalMinor: terms.principalMinor,
      pricing: { penalty: { kind: 'daily-capped', dailyBps: 0 }, totalCostCapBps: terms.totalCostCapBps },
      isRepeatClient: false,
    },
    periods: buildSchedule(terms),
    ledger,
  }),
});

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
    const quote = repaymentQuote(factsFor(singlePayment), addDays(START, 50));
    // 50 days at 0.05 % of Rs.15,000 = Rs.375 of the schedule's Rs.682.50; the fee of Rs.450 is earned at disbursal
    expect(quote).toMatchObject({
      early: true,
      prepayAllowed: true,
      payoffMinor: 1_500_000 + 37_500 + 45_000,
      interestWaivedMinor: 68_250 - 37_500,
      maxRepayMinor: 1_500_000 + 37_500 + 45_000,
      dueNowMinor: 0,
    });
  });

  it('allows nothing before the prepayment opens while no period is due, and says from when', () => {
    const quote = repaymentQuote(factsFor(singlePayment), addDays(START, 20));
    expect(quote).toMatchObject({ early: true, prepayAllowed: false, maxRepayMinor: 0, prepayOpensOn: addDays(START, 46) });
  });

  it('charges interest to the day inside the due window too, and the whole interest from the due date (issue 30)', () => {
    // issue 30's loan: ₹10,000 for 91 days at 0.1 % a day, no fee — day 87 costs ₹10,870, day 88 ₹10,880, not ₹10,910
    const issueLoan = { ...singlePayment, principalMinor: 1_000_000, dailyInterestBps: 10, serviceFeeBps: 0 };
    const payoffOn = (day: number) => repaymentQuote(factsFor(issueLoan), addDays(START, day));
    expect(payoffOn(87)).toMatchObject({ early: true, payoffMinor: 1_087_000, maxRepayMinor: 1_087_000 });
    for (const day of [88, 89, 90]) {
      expect(payoffOn(day)).toMatchObject({
        early: false,
        payoffMinor: 1_000_000 + 1_000 * day,
        dueNowMinor: 1_000_000 + 1_000 * day,
        maxRepayMinor: 1_000_000 + 1_000 * day,
        interestWaivedMinor: 1_000 * (91 - day),
      });
    }
    expect(payoffOn(91)).toMatchObject({ payoffMinor: 1_091_000, interestWaivedMinor: 0 });
    expect(payoffOn(95)).toMatchObject({ payoffMinor: 1_091_000, interestWaivedMinor: 0 });
  });

  it('asks the standard loan in its window the principal, the whole fee and interest to the day', () => {
    const quote = repaymentQuote(factsFor(singlePayment), addDays(START, 88));
    // 88 days at 0.05 % of Rs.15,000 = Rs.660 of the schedule's Rs.682.50
    expect(quote).toMatchObject({ early: false, payoffMinor: 1_500_000 + 66_000 + 45_000, interestWaivedMinor: 68_250 - 66_000 });
  });

  it('closes an instalment loan whose last period is in its window at interest to the day', () => {
    const terms = { ...singlePayment, termDays: 180, periods: 3 };
    const schedule = buildSchedule(terms);
    const paidTwo: LedgerRow[] = schedule.slice(0, 2).map((period, index) => ({
      id: index + 1,
      kind: 'repayment' as const,
      businessDate: period.dueDate,
      amountMinor: period.principalMinor + period.interestMinor + period.feeMinor,
    }));
    const last = schedule[2]!;
    const quote = repaymentQuote(factsFor(terms, paidTwo), addDays(START, 178));
    // 178 days of interest less the 2 periods' interest already paid: two days of Rs.7.50 are not charged
    const paidInterest = schedule[0]!.interestMinor + schedule[1]!.interestMinor;
    expect(quote.early).toBe(false);
    expect(quote.payoffMinor).toBe(last.principalMinor + last.feeMinor + (Math.floor((1_500_000 * 5 * 178) / 10_000) - paidInterest));
    expect(quote.maxRepayMinor).toBe(quote.payoffMinor);
  });

  it('lets an installment due now be paid before prepayment opens, but not the periods after it', () => {
    // 180 days in 3 periods: period 1 falls due on day 60, prepayment opens on day 90
    const terms = { ...singlePayment, termDays: 180, periods: 3 };
    const quote = repaymentQuote(factsFor(terms), addDays(START, 59));
    const first = buildSchedule(terms)[0]!;
    expect(quote).toMatchObject({ early: true, prepayAllowed: false });
    expect(quote.dueNowMinor).toBe(first.principalMinor + first.interestMinor + first.feeMinor);
    expect(quote.maxRepayMinor).toBe(quote.dueNowMinor);
  });

  it('lets the next instalment be paid any time before its due date, and no more before prepayment opens (issue 30 item 3)', () => {
    // 180 days in 3 periods: period 1 falls due on day 60; on day 5 its window is weeks away
    const terms = { ...singlePayment, termDays: 180, periods: 3 };
    const [first, second] = buildSchedule(terms);
    const quote = repaymentQuote(factsFor(terms), addDays(START, 5));
    expect(quote).toMatchObject({ early: true, prepayAllowed: false });
    expect(quote.dueNowMinor).toBe(first!.principalMinor + first!.interestMinor + first!.feeMinor);
    expect(quote.maxRepayMinor).toBe(quote.dueNowMinor);
    // once it is paid, the next one
    const paidFirst: LedgerRow[] = [{ id: 1, kind: 'repayment', businessDate: addDays(START, 5), amountMinor: quote.dueNowMinor }];
    const after = repaymentQuote(factsFor(terms, paidFirst), addDays(START, 6));
    expect(after.maxRepayMinor).toBe(second!.principalMinor + second!.interestMinor + second!.feeMinor);
  });

  it('keeps a single-payment loan closed to repayment before prepayment opens: its one period is the whole loan', () => {
    expect(repaymentQuote(factsFor(singlePayment), addDays(START, 5)).maxRepayMinor).toBe(0);
  });

  it('never refunds interest already repaid', () => {
    const terms = { ...singlePayment, termDays: 180, periods: 3 };
    const schedule = buildSchedule(terms);
    const first = schedule[0]!;
    const paidFirst: LedgerRow[] = [
      { id: 1, kind: 'repayment', businessDate: first.dueDate, amountMinor: first.principalMinor + first.interestMinor + first.feeMinor },
    ];
    const quote = repaymentQuote(factsFor(terms, paidFirst), addDays(START, 95));
    expect(quote.payoffMinor).toBeGreaterThanOrEqual(quote.outstandingMinor - schedule.slice(1).reduce((s, p) => s + p.interestMinor, 0));
  });
});

describe('repaymentQuote properties', () => {
  it('never asks more than the schedule, never less than what is due now, and waives only interest', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100_000, max: 2_000_000_000 }),
        fc.integer({ min: 91, max: 365 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 400 }),
        (principalMinor, termDays, periods, dailyInterestBps, day) => {
          const terms = { ...singlePayment, principalMinor, termDays, periods, dailyInterestBps };
          const facts = factsFor(terms);
          const quote = repaymentQuote(facts, addDays(START, day));
          expect(quote.payoffMinor).toBeLessThanOrEqual(quote.outstandingMinor);
          expect(quote.payoffMinor).toBeGreaterThanOrEqual(quote.dueNowMinor);
          expect(quote.payoffMinor + quote.interestWaivedMinor).toBe(quote.outstandingMinor);
          const interestOwed = facts.replay.periods.reduce((total, period) => total + period.interestMinor, 0);
          expect(quote.interestWaivedMinor).toBeLessThanOrEqual(interestOwed);
          expect(quote.maxRepayMinor).toBe(quote.early && !quote.prepayAllowed ? quote.dueNowMinor : quote.payoffMinor);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never asks more to close the loan than principal + fees + penalties owed + interest to the day, in or out of the due window', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(Market.India, Market.Indonesia),
        fc.integer({ min: 100_000, max: 2_000_000_000 }),
        fc.integer({ min: 91, max: 365 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 1_000 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 0, max: 100 }),
        (
          market,
          principalMinor,
          termDays,
          periods,
          dailyInterestBps,
          serviceFeeBps,
          day,
          paidPeriods,
          penaltyBps,
          partialBack,
          partialPercent,
        ) => {
          const terms: ScheduleTerms = { ...singlePayment, market, principalMinor, termDays, periods, dailyInterestBps, serviceFeeBps };
          const schedule = buildSchedule(terms);
          const asOf = addDays(START, day);
          const factsOf = (ledger: LedgerRow[], through: string): QuoteFacts => ({
            ...factsFor(terms, ledger),
            replay: replayLedger({
              terms: {
                market,
                principalMinor,
                pricing: { penalty: { kind: 'daily-capped', dailyBps: penaltyBps }, totalCostCapBps: null },
                isRepeatClient: false,
                accrual: { startDate: START, termDays, dailyInterestBps },
              },
              periods: schedule,
              ledger,
              accrueThrough: through,
            }),
          });
          // some periods paid on their due dates, before the day of the quote
          const ledger: LedgerRow[] = schedule
            .slice(0, Math.min(paidPeriods, periods - 1))
            .filter((period) => period.dueDate <= asOf)
            .map((period, index) => ({
              id: index + 1,
              kind: 'repayment' as const,
              businessDate: period.dueDate,
              amountMinor: period.principalMinor + period.interestMinor + period.feeMinor,
            }));
          // then a partial repayment on a day up to the quote's, in the due window or not (issue 30): part of
          // what may be repaid that day, short of closing the loan (which would carry its interest waiver)
          const partialDay = addDays(asOf, -Math.min(day, partialBack));
          let partial = 0;
          if (ledger.every((row) => row.businessDate <= partialDay)) {
            const then = repaymentQuote(factsOf(ledger, partialDay), partialDay);
            partial = Math.floor((Math.min(then.maxRepayMinor, then.payoffMinor - 1) * partialPercent) / 100);
            if (partial > 0) ledger.push({ id: ledger.length + 1, kind: 'repayment', businessDate: partialDay, amountMinor: partial });
          }
          const facts = factsOf(ledger, asOf);
          const quote = repaymentQuote(facts, asOf);
          const owed = (part: 'principalMinor' | 'feeMinor') => facts.replay.periods.reduce((total, period) => total + period[part], 0);
          // interest to the day: the daily rate on the principal for each day held (at most the term), less interest paid
          const daysHeld = Math.min(termDays, day);
          const interestToTheDay =
            Math.floor((principalMinor * dailyInterestBps * daysHeld) / 10_000) - facts.replay.paidByComponent.interest;
          expect(quote.payoffMinor).toBeLessThanOrEqual(
            owed('principalMinor') + owed('feeMinor') + facts.replay.penaltyOwedMinor + Math.max(0, interestToTheDay),
          );
          // and it still pays the principal, fees and penalties in full
          expect(quote.payoffMinor).toBeGreaterThanOrEqual(owed('principalMinor') + owed('feeMinor') + facts.replay.penaltyOwedMinor);
          expect(quote.maxRepayMinor).toBeLessThanOrEqual(quote.payoffMinor);
          // over the loan's life: the interest repaid and the interest closing it costs today are interest to
          // the day — or the interest of the instalments already due, or paid ahead as the instalment they are
          // (issue 30 item 3: an instalment is its amount, any time before its date)
          const payoffInterest = quote.payoffMinor - owed('principalMinor') - owed('feeMinor') - facts.replay.penaltyOwedMinor;
          const nextInstalment = periods > 1 && partial > 0 ? schedule.find((period) => period.dueDate > partialDay) : undefined;
          const dueInterest = schedule
            .filter((period) => period.dueDate <= asOf || period === nextInstalment)
            .reduce((total, period) => total + period.interestMinor, 0);
          expect(facts.replay.paidByComponent.interest + payoffInterest).toBeLessThanOrEqual(
            Math.max(Math.floor((principalMinor * dailyInterestBps * daysHeld) / 10_000), dueInterest),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('a partial repayment in the due window pays interest to its day, then principal: closing the loan after costs interest to that day (issue 30)', () => {
    // Rs.10,000 for 91 days at 0.1 % a day: Rs.910 of interest; Rs.5,000 repaid on day 88 pays Rs.880 of interest, not Rs.910
    const terms: ScheduleTerms = { ...singlePayment, principalMinor: 1_000_000, dailyInterestBps: 10, serviceFeeBps: 0 };
    const replayOf = (ledger: LedgerRow[]) =>
      replayLedger({
        terms: {
          market: Market.India,
          principalMinor: 1_000_000,
          pricing: { penalty: { kind: 'daily-capped', dailyBps: 0 }, totalCostCapBps: null },
          isRepeatClient: false,
          accrual: { startDate: START, termDays: 91, dailyInterestBps: 10 },
        },
        periods: buildSchedule(terms),
        ledger,
      });
    const partial: LedgerRow = { id: 1, kind: 'repayment', businessDate: addDays(START, 88), amountMinor: 500_000 };
    const replay = replayOf([partial]);
    expect(replay.allocations[0]!.lines).toEqual([
      { periodNo: 1, component: 'interest', amountMinor: 88_000 },
      { periodNo: 1, component: 'principal', amountMinor: 412_000 },
    ]);
    // closing on day 89: the principal left and one more day of interest, nothing for days 90 and 91
    const quote = repaymentQuote({ ...factsFor(terms, [partial]), replay }, addDays(START, 89));
    expect(quote.payoffMinor).toBe(588_000 + 1_000);
    expect(500_000 + quote.payoffMinor).toBe(1_000_000 + 89_000);
  });
});
