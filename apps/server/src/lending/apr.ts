/**
 * The APR of a key fact statement, India's method (RBI KFS rules, April 2024; DESIGN §4, decision
 * 131): the internal rate of return of the loan's own cash flows — the net amount paid out on the
 * disbursal day, each instalment (every charge included) on its date — as a periodic rate,
 * annualised by multiplying by the periods in a year. RBI's illustration counts months (monthly
 * IRR × 12); Kilat's plans are dated in days and their periods differ by a day (91 days in 3), so
 * its period is the day: the daily IRR × 365.
 */
import { LendingRules } from '@kilat/contract';
import { type BusinessDate, daysBetween } from './business-date.js';

/** One cash flow of a loan, from the lender's side: the payout negative, repayments positive; `at` in periods from the payout. */
export interface CashFlow {
  at: number;
  amountMinor: number;
}

const DAYS_A_YEAR = 365;

/** The net present value of the flows at a periodic rate, and its derivative in the rate. */
const presentValue = (flows: readonly CashFlow[], rate: number): { value: number; slope: number } => {
  let value = 0;
  let slope = 0;
  for (const flow of flows) {
    const discount = (1 + rate) ** -flow.at;
    value += flow.amountMinor * discount;
    slope -= (flow.at * flow.amountMinor * discount) / (1 + rate);
  }
  return { value, slope };
};

/** The net present value of the flows at a periodic rate. */
export const netPresentValue = (flows: readonly CashFlow[], rate: number): number => presentValue(flows, rate).value;

/**
 * The periodic internal rate of return: the rate at which the flows' present value is 0. A loan's
 * flows (one payout, then repayments) have exactly one; it is found by Newton's method kept inside
 * a bracket that bisection narrows whenever a Newton step would leave it. Null when the flows do
 * not change sign (nothing lent, or nothing repaid).
 */
export const internalRateOfReturn = (flows: readonly CashFlow[]): number | null => {
  const hasIn = flows.some((flow) => flow.amountMinor > 0);
  const hasOut = flows.some((flow) => flow.amountMinor < 0);
  if (!hasIn || !hasOut) return null;
  // the present value falls as the rate rises for a payout followed by repayments: find a bracket [low, high]
  let low = -0.999_999;
  let high = 1;
  const sign = Math.sign(netPresentValue(flows, low));
  if (sign === 0) return low;
  for (let doublings = 0; Math.sign(netPresentValue(flows, high)) === sign; doublings += 1) {
    if (doublings > 60) return null;
    low = high;
    high *= 2;
  }
  let rate = 0 > low && 0 < high ? 0 : (low + high) / 2;
  for (let step = 0; step < 200; step += 1) {
    const { value, slope } = presentValue(flows, rate);
    if (value === 0) return rate;
    if (Math.sign(value) === sign) low = rate;
    else high = rate;
    const newton = slope === 0 ? Number.NaN : rate - value / slope;
    const next = newton > low && newton < high ? newton : (low + high) / 2;
    if (Math.abs(next - rate) <= 1e-15 * Math.max(1, Math.abs(rate))) return next;
    rate = next;
    if (high - low <= 1e-16) return rate;
  }
  return rate;
};

/** RBI's annualisation: the periodic IRR times the periods in a year, in basis points (rounded to the nearest). */
export const annualisedRateBps = (flows: readonly CashFlow[], periodsPerYear: number): number => {
  const rate = internalRateOfReturn(flows);
  return rate === null ? 0 : Math.round(rate * periodsPerYear * LendingRules.bpsPerWhole);
};

/** A loan's plan as the key fact statement reads it: what was paid out on which day, and each instalment on its date. */
export interface KeyFactPlan {
  /** the business date the money is paid out */
  startDate: BusinessDate;
  /** the net amount paid out (the principal less any charge deducted from it) */
  disbursedMinor: number;
  instalments: readonly { dueDate: BusinessDate; amountMinor: number }[];
}

/** The plan's cash flows in days from the payout. */
export const cashFlowsOf = (plan: KeyFactPlan): CashFlow[] => [
  { at: 0, amountMinor: -plan.disbursedMinor },
  ...plan.instalments.map((instalment) => ({ at: daysBetween(plan.startDate, instalment.dueDate), amountMinor: instalment.amountMinor })),
];

/** The key fact statement's APR in basis points: the daily IRR of the plan × 365. */
export const keyFactAprBps = (plan: KeyFactPlan): number => annualisedRateBps(cashFlowsOf(plan), DAYS_A_YEAR);
