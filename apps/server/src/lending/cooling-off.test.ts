import { LendingRules, Market } from '@kilat/contract';
import { describe, expect, it } from 'vitest';
import { addDays } from './business-date.js';
import { coolingOffDaysOf, coolingOffExit, fitsCoolingOff, withCoolingOff } from './cooling-off.js';
import { type LedgerRow, replayLedger } from './ledger-replay.js';
import { aprBps } from './pricing-view.js';
import { buildSchedule, type ScheduleTerms } from './schedule.js';

const START = '2026-01-10';

// an India loan of ₹15,000 for 91 days: 0.05 % a day and a 3 % fee
const terms: ScheduleTerms = {
  principalMinor: 1_500_000,
  termDays: 91,
  periods: 1,
  startDate: START,
  dailyInterestBps: 5,
  serviceFeeBps: 300,
  totalCostCapBps: null,
  market: Market.India,
};
const schedule = buildSchedule(terms);
const scheduledCost = schedule.reduce((total, period) => total + period.feeMinor + period.interestMinor, 0);
const APR = aprBps(terms.principalMinor, START, schedule);

const replayOf = (ledger: LedgerRow[] = []) =>
  replayLedger({
    terms: {
      market: Market.India,
      principalMinor: terms.principalMinor,
      pricing: { penalty: { kind: 'daily-capped', dailyBps: 0 }, totalCostCapBps: null },
      isRepeatClient: false,
    },
    periods: schedule,
    ledger,
  });

const exitOn = (asOf: string, ledger: LedgerRow[] = [], market: Market = Market.India) =>
  coolingOffExit(
    { market, startDate: START, principalMinor: terms.principalMinor, aprBps: APR, coolingOffDays: 3, replay: replayOf(ledger) },
    asOf,
  );

describe('cooling-off exit (India)', () => {
  it('is open from the day of disbursal through the last day of the period, and closed the day after', () => {
    expect(exitOn(START).open).toBe(true);
    expect(exitOn(addDays(START, 3)).open).toBe(true);
    expect(exitOn(addDays(START, 3)).lastDay).toBe(addDays(START, 3));
    expect(exitOn(addDays(START, 4)).open).toBe(false);
  });

  it('costs the principal and the APR of the key fact statement for the days held, rounded down, a part day counting one', () => {
    const oneDay = Math.floor((terms.principalMinor * APR * 1) / (10_000 * 365));
    expect(exitOn(START).daysHeld).toBe(1);
    expect(exitOn(START).exitMinor).toBe(terms.principalMinor + oneDay);
    const twoDays = Math.floor((terms.principalMinor * APR * 2) / (10_000 * 365));
    expect(exitOn(addDays(START, 2)).exitMinor).toBe(terms.principalMinor + twoDays);
    // whatever the exit does not ask for is waived: together they are what the schedule asks
    const exit = exitOn(addDays(START, 2));
    expect(exit.exitMinor + exit.waiverMinor).toBe(terms.principalMinor + scheduledCost);
  });

  it('counts what was already repaid towards the exit amount', () => {
    const repaid: LedgerRow = { id: 1, kind: 'repayment', businessDate: addDays(START, 1), amountMinor: 500_000 };
    const before = exitOn(addDays(START, 2));
    expect(exitOn(addDays(START, 2), [repaid]).exitMinor).toBe(before.exitMinor - 500_000);
  });

  it('is never open in Indonesia, and a product without its own period gets the default, never under one day', () => {
    expect(exitOn(START, [], Market.Indonesia).open).toBe(false);
    expect(coolingOffDaysOf(Market.Indonesia, { coolingOffDays: 5 })).toBeNull();
    expect(coolingOffDaysOf(Market.India, {})).toBe(LendingRules.coolingOffDefaultDays);
    expect(coolingOffDaysOf(Market.India, { coolingOffDays: 0 })).toBe(1);
    expect(coolingOffDaysOf(Market.India, { coolingOffDays: 7 })).toBe(7);
  });

  it('lets the exit amount through before prepayment opens, and nothing else above the ordinary amount', () => {
    const exit = exitOn(addDays(START, 1));
    const quote = withCoolingOff({ maxRepayMinor: 0 }, exit);
    expect(quote.maxRepayMinor).toBe(exit.exitMinor);
    expect(fitsCoolingOff(0, exit, exit.exitMinor)).toBe(true);
    expect(fitsCoolingOff(0, exit, exit.exitMinor - 1)).toBe(false);
    expect(fitsCoolingOff(0, exitOn(addDays(START, 4)), exit.exitMinor)).toBe(false);
  });

  it('closes the loan when the waiver and the exit repayment are replayed: nothing owed, the fee waived first', () => {
    const day = addDays(START, 2);
    const exit = exitOn(day);
    const after = replayOf([
      { id: 1, kind: 'cost_waiver', businessDate: day, amountMinor: exit.waiverMinor },
      { id: 2, kind: 'repayment', businessDate: day, amountMinor: exit.exitMinor },
    ]);
    expect(after.outstandingMinor).toBe(0);
    expect(after.costWaivedMinor).toBe(exit.waiverMinor);
    expect(after.overpaidMinor).toBe(0);
    expect(after.paidByComponent.principal).toBe(terms.principalMinor);
    // the fee is waived in full before any interest: what the exit paid beyond the principal is interest
    expect(after.paidByComponent.fee).toBe(0);
    expect(after.paidByComponent.interest).toBe(exit.proportionateCostMinor);
  });
});
