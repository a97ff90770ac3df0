/**
 * A promise to pay is kept or broken by the ledger, not by a person (issue 46 §3, decisions 210, 280):
 * repayments dated on or before its date, beyond what the order had repaid when it was made, that
 * cover its amount keep it; otherwise it is broken the day after its date.
 */
import { type BusinessDate, daysBetween } from './business-date.js';

export interface PromiseTerms {
  amountMinor: number;
  promisedOn: BusinessDate;
  /** what the order had repaid when the promise was made: only what is repaid beyond it counts */
  repaidBeforeMinor: number;
}

export interface DatedRepayment {
  businessDate: BusinessDate;
  amountMinor: number;
}

/**
 * The day the repayments covered the promise (the value date of the repayment that reached its
 * amount), or null while they do not.
 */
export const promiseKeptOn = (promise: PromiseTerms, repayments: readonly DatedRepayment[]): BusinessDate | null => {
  const counted = repayments
    .filter((repayment) => daysBetween(repayment.businessDate, promise.promisedOn) >= 0)
    .toSorted((a, b) => daysBetween(b.businessDate, a.businessDate));
  let paid = -promise.repaidBeforeMinor;
  for (const repayment of counted) {
    paid += repayment.amountMinor;
    if (paid >= promise.amountMinor) return repayment.businessDate;
  }
  return null;
};

/** Kept once the repayments cover it, broken once its date has passed without, open until then. */
export const promiseOutcome = (
  promise: PromiseTerms,
  repayments: readonly DatedRepayment[],
  today: BusinessDate,
): 'kept' | 'broken' | 'open' => {
  if (promiseKeptOn(promise, repayments) !== null) return 'kept';
  return daysBetween(promise.promisedOn, today) > 0 ? 'broken' : 'open';
};
