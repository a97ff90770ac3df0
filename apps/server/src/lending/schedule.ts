/** A loan's repayment schedule: whole minor units, and the periods add up exactly to what is owed (DESIGN §4). */
import { addDays, type BusinessDate } from './business-date.js';

export interface ScheduleTerms {
  principalMinor: number;
  termDays: number;
  periods: number;
  /** the business date the money was paid out; period days count from here */
  startDate: BusinessDate;
  dailyInterestBps: number;
  serviceFeeBps: number;
  /** interest and fees together may not exceed this share of the principal */
  totalCostCapBps: number | null;
}

export interface PlannedPeriod {
  periodNo: number;
  dueDate: BusinessDate;
  principalMinor: number;
  interestMinor: number;
  feeMinor: number;
}

/** Splits a total into `parts` whole shares; the last share absorbs the remainder. */
export const splitEvenly = (total: number, parts: number): number[] => {
  const share = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, index) => (index === parts - 1 ? total - share * (parts - 1) : share));
};

export const buildSchedule = (terms: ScheduleTerms): PlannedPeriod[] => {
  const { principalMinor, termDays, periods, startDate } = terms;
  let interest = Math.round((principalMinor * terms.dailyInterestBps * termDays) / 10_000);
  let fee = Math.round((principalMinor * terms.serviceFeeBps) / 10_000);
  if (terms.totalCostCapBps !== null) {
    const cap = Math.floor((principalMinor * terms.totalCostCapBps) / 10_000);
    fee = Math.min(fee, cap);
    interest = Math.min(interest, cap - fee);
  }
  const principals = splitEvenly(principalMinor, periods);
  const interests = splitEvenly(interest, periods);
  const fees = splitEvenly(fee, periods);
  return principals.map((principal, index) => ({
    periodNo: index + 1,
    dueDate: addDays(startDate, Math.round((termDays * (index + 1)) / periods)),
    principalMinor: principal,
    interestMinor: interests[index]!,
    feeMinor: fees[index]!,
  }));
};

export const periodTotal = (period: Pick<PlannedPeriod, 'principalMinor' | 'interestMinor' | 'feeMinor'>) =>
  period.principalMinor + period.interestMinor + period.feeMinor;
