/** A loan's repayment schedule: whole minor units, and the periods add up exactly to what is owed (DESIGN §4). */
import { LendingRules, type Market, MarketTerms } from '@kilat/contract';
import { addDays, type BusinessDate } from './business-date.js';
import { costHeadroomMinor, totalCostCapBps } from './cost-cap.js';
import { assertMinor, bpsOf, sum } from './money.js';

export interface ScheduleTerms {
  principalMinor: number;
  termDays: number;
  /** 1 for a single payment, else the number of installments */
  periods: number;
  /** the business date the money was paid out; period days count from here */
  startDate: BusinessDate;
  dailyInterestBps: number;
  serviceFeeBps: number;
  /** interest and fees together may not exceed this share of the principal */
  totalCostCapBps: number | null;
  /** the market's caps apply on top of the product's (Indonesia: total cost at most the principal) */
  market?: Market;
}

export interface PlannedPeriod {
  periodNo: number;
  dueDate: BusinessDate;
  principalMinor: number;
  interestMinor: number;
  feeMinor: number;
}

export interface LoanCost {
  /** simple interest: the daily rate on the principal for every day of the term, never compounded */
  interestMinor: number;
  /** the one-off service fee */
  feeMinor: number;
}

/** Splits a total into `parts` whole shares; the last share absorbs the remainder. */
export const splitEvenly = (total: number, parts: number): number[] => {
  const share = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, index) => (index === parts - 1 ? total - share * (parts - 1) : share));
};

const assertTerms = (terms: ScheduleTerms) => {
  assertMinor('principalMinor', terms.principalMinor);
  assertMinor('dailyInterestBps', terms.dailyInterestBps);
  assertMinor('serviceFeeBps', terms.serviceFeeBps);
  if (!Number.isInteger(terms.periods) || terms.periods < 1) throw new RangeError(`periods must be 1 or more, got ${terms.periods}`);
  // every period needs at least one day, so due dates strictly increase
  if (!Number.isInteger(terms.termDays) || terms.termDays < terms.periods) {
    throw new RangeError(`termDays must be a whole number of at least one day per period, got ${terms.termDays}`);
  }
};

/** Interest and fee over the whole term; the fee is charged first and interest is trimmed to fit the cost cap. */
export const loanCost = (terms: ScheduleTerms): LoanCost => {
  assertTerms(terms);
  const { principalMinor } = terms;
  // rounded down: a rate (and the market's 0.1 %/day cap) is never exceeded by a paisa or a sen
  const uncappedInterest = Math.floor((principalMinor * terms.dailyInterestBps * terms.termDays) / LendingRules.bpsPerWhole);
  const uncappedFee = bpsOf(principalMinor, terms.serviceFeeBps);
  const capBps = totalCostCapBps(terms.market, terms.totalCostCapBps);
  const feeMinor = Math.min(uncappedFee, costHeadroomMinor(principalMinor, capBps, 0));
  const interestMinor = Math.min(uncappedInterest, costHeadroomMinor(principalMinor, capBps, feeMinor));
  return { interestMinor, feeMinor };
};

/** The day (counted from the start date) period `periodNo` of `periods` falls due; the last is the term's last day. */
export const periodDueDay = (termDays: number, periods: number, periodNo: number): number => Math.round((termDays * periodNo) / periods);

export const periodTotal = (period: Pick<PlannedPeriod, 'principalMinor' | 'interestMinor' | 'feeMinor'>) =>
  period.principalMinor + period.interestMinor + period.feeMinor;

/** The unit a market's instalments are paid in: whole rupiah in Indonesia, paise in India (decision 132). */
export const instalmentUnitMinor = (market: Market | undefined): number => (market ? MarketTerms[market].instalmentUnitMinor : 1);

/**
 * Moves principal between the periods so that every period but the last is a whole number of
 * `unit` (rounded to the nearest), the last taking the remainder: the total, and each component's
 * total, stay as they were. A loan too small to round keeps its shares as they are.
 */
const inWholeUnits = (periods: PlannedPeriod[], unit: number): PlannedPeriod[] => {
  if (unit <= 1 || periods.length < 2) return periods;
  const totalPrincipal = sum(periods.map((period) => period.principalMinor));
  const attempt = (round: (units: number) => number) => {
    const leading = periods.slice(0, -1).map((period) => {
      const total = periodTotal(period);
      return { ...period, principalMinor: period.principalMinor + round(total / unit) * unit - total };
    });
    const last = periods.at(-1)!;
    const lastPrincipal = totalPrincipal - sum(leading.map((period) => period.principalMinor));
    const rounded = [...leading, { ...last, principalMinor: lastPrincipal }];
    return rounded.every((period) => period.principalMinor >= 0) ? rounded : null;
  };
  return attempt(Math.round) ?? attempt(Math.floor) ?? periods;
};

export const buildSchedule = (terms: ScheduleTerms): PlannedPeriod[] => {
  const { principalMinor, termDays, periods, startDate } = terms;
  const { interestMinor, feeMinor } = loanCost(terms);
  const principals = splitEvenly(principalMinor, periods);
  const interests = splitEvenly(interestMinor, periods);
  const fees = splitEvenly(feeMinor, periods);
  const planned = principals.map((principal, index) => ({
    periodNo: index + 1,
    dueDate: addDays(startDate, periodDueDay(termDays, periods, index + 1)),
    principalMinor: principal,
    interestMinor: interests[index]!,
    feeMinor: fees[index]!,
  }));
  return inWholeUnits(planned, instalmentUnitMinor(terms.market));
};

/** What a schedule asks for in all, by component. */
export const scheduleTotals = (schedule: readonly PlannedPeriod[]) => ({
  principalMinor: sum(schedule.map((period) => period.principalMinor)),
  interestMinor: sum(schedule.map((period) => period.interestMinor)),
  feeMinor: sum(schedule.map((period) => period.feeMinor)),
  totalMinor: sum(schedule.map(periodTotal)),
});
