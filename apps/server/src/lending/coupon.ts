/**
 * What a coupon takes off a repayment (issue 50, decision 250): an amount off the fees then the
 * interest, a percentage off the interest, or the interest of N days. It only ever takes off fees
 * and interest the repayment itself would pay (the waterfall pays penalties first, the principal
 * last), so what the borrower owes never falls below the principal and penalties are never
 * discounted (only the console's waiver does that).
 */
import { LendingRules } from '@kilat/contract';
import { bpsOf, sum } from './money.js';

export type CouponKind = 'amount_off' | 'percent_off_interest' | 'interest_free_days';

export interface CouponTerms {
  kind: CouponKind;
  /** minor units (amount_off), basis points (percent_off_interest) or days (interest_free_days) */
  value: number;
}

/** The order as a repayment today meets it. */
export interface CouponState {
  principalMinor: number;
  dailyInterestBps: number;
  penaltyOwedMinor: number;
  /** service fees still owed */
  feeOwedMinor: number;
  /** interest a repayment today pays at most: earned to today, not yet paid or discounted */
  interestOwedMinor: number;
}

export interface CouponDiscount {
  feeMinor: number;
  interestMinor: number;
  totalMinor: number;
}

const NONE: CouponDiscount = { feeMinor: 0, interestMinor: 0, totalMinor: 0 };

const split = (feeMinor: number, interestMinor: number): CouponDiscount => ({
  feeMinor,
  interestMinor,
  totalMinor: feeMinor + interestMinor,
});

/** The discount of `coupon` on a repayment of `amountMinor` (before the coupon): never more than the fees and interest it pays. */
export const couponDiscount = (coupon: CouponTerms, state: CouponState, amountMinor: number): CouponDiscount => {
  // penalties come first in the waterfall: what the repayment has left for fees and interest
  const forCost = Math.min(state.feeOwedMinor + state.interestOwedMinor, Math.max(0, amountMinor - state.penaltyOwedMinor));
  if (forCost <= 0) return NONE;
  const feePaid = Math.min(state.feeOwedMinor, forCost);
  const interestPaid = forCost - feePaid;
  switch (coupon.kind) {
    case 'amount_off': {
      const fee = Math.min(coupon.value, feePaid);
      return split(fee, Math.min(coupon.value - fee, interestPaid));
    }
    case 'percent_off_interest':
      return split(0, bpsOf(interestPaid, coupon.value));
    case 'interest_free_days': {
      // the daily interest formula of interest.ts, over the coupon's days
      const daysInterest = Math.floor((state.principalMinor * state.dailyInterestBps * coupon.value) / LendingRules.bpsPerWhole);
      return split(0, Math.min(daysInterest, interestPaid));
    }
  }
};

/** A discount cut to at most `maxMinor` (what the coupon was held for), interest kept before fee. */
export const capDiscount = (discount: CouponDiscount, maxMinor: number): CouponDiscount => {
  const interest = Math.min(discount.interestMinor, maxMinor);
  return split(Math.min(discount.feeMinor, maxMinor - interest), interest);
};

/**
 * The state a coupon meets, from the replay's periods and the quote of today: interest to today
 * (`interestWaivedMinor` is the scheduled interest not earned yet when the loan closes today).
 */
export const couponStateOf = (
  terms: { principalMinor: number; dailyInterestBps: number },
  replay: { penaltyOwedMinor: number; periods: readonly { feeMinor: number; interestMinor: number }[] },
  interestNotYetEarnedMinor: number,
): CouponState => ({
  ...terms,
  penaltyOwedMinor: replay.penaltyOwedMinor,
  feeOwedMinor: sum(replay.periods.map((period) => period.feeMinor)),
  interestOwedMinor: Math.max(0, sum(replay.periods.map((period) => period.interestMinor)) - interestNotYetEarnedMinor),
});
