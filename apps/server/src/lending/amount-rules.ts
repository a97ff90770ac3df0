/**
 * What a payment of each purpose may be (DESIGN §4, spec §4 and §9): the amount a repayment or an
 * extension owes today, and whether an amount the borrower asked for fits it. Pure: each rule
 * answers a reason, never an HTTP error; the payments service turns a reason into its answer.
 */
import { type CoolingOffExit, fitsCoolingOff } from './cooling-off.js';
import type { ExtensionOffer } from './extension.js';

export type PaymentPurpose = 'repay' | 'delay';

export interface AmountDue {
  amountMinor: number;
  /** delay only: the days every unpaid period's due date moves once the fee is paid */
  extensionShiftDays: number | null;
  /** repay only: what the ordinary rules take today, and India's cooling-off exit (paying its amount is allowed too) */
  ordinaryMaxMinor?: number;
  coolingOff?: CoolingOffExit | null;
}

/** Why no payment of the purpose is due, or why an amount does not fit what is. */
export type AmountRefusal =
  | { reason: 'extensionUnavailable' }
  | { reason: 'nothingToRepay' }
  /** nothing is due yet and closing early opens on `date` (spec §9: half the term, never before day 7) */
  | { reason: 'prepaymentNotYet'; date: string }
  | { reason: 'paymentInProgress' }
  | { reason: 'extensionFeeMismatch' }
  /** more than `leftMinor`, what may be repaid today less what is on its way */
  | { reason: 'repayAmountTooLarge'; leftMinor: number }
  /** in India's cooling-off period, more than today's ordinary amount is only the exit amount itself */
  | { reason: 'coolingOffExitAmount'; exitMinor: number };

/** What an order's repayment quote says about today (LedgerService.quoteOf), as the rule reads it. */
export interface RepayFacts {
  disbursed: boolean;
  outstandingMinor: number;
  quote: { maxRepayMinor: number; ordinaryMaxRepayMinor: number; prepayOpensOn: string; coolingOff: CoolingOffExit | null } | null;
}

/** What an extension owes: its fee exactly, and the days it moves the due dates. */
export const extensionDue = (offer: ExtensionOffer): AmountDue | AmountRefusal => {
  // an offer whose fee the total cost cap has brought to 0 has nothing to pay: no payment can carry it
  if (!offer.eligible || offer.feeMinor <= 0) return { reason: 'extensionUnavailable' };
  return { amountMinor: offer.feeMinor, extensionShiftDays: offer.shiftDays };
};

/** What may be repaid today: at most the quote's amount (the cooling-off exit included). */
export const repaymentDue = ({ disbursed, outstandingMinor, quote }: RepayFacts): AmountDue | AmountRefusal => {
  if (!disbursed || outstandingMinor <= 0 || quote === null) return { reason: 'nothingToRepay' };
  if (quote.maxRepayMinor <= 0) return { reason: 'prepaymentNotYet', date: quote.prepayOpensOn };
  return {
    amountMinor: quote.maxRepayMinor,
    extensionShiftDays: null,
    ordinaryMaxMinor: quote.ordinaryMaxRepayMinor,
    coolingOff: quote.coolingOff,
  };
};

export const isRefusal = (answer: AmountDue | AmountRefusal): answer is AmountRefusal => 'reason' in answer;

/**
 * Whether `amountMinor` fits a due already worked out, with `inFlightMinor` of the same purpose on
 * its way: the extension fee exactly and alone; at most what may be repaid; above the ordinary
 * amount, only the cooling-off exit. Null when it fits.
 */
export const amountRefusal = (purpose: PaymentPurpose, amountMinor: number, due: AmountDue, inFlightMinor = 0): AmountRefusal | null => {
  if (purpose === 'delay') {
    if (inFlightMinor > 0) return { reason: 'paymentInProgress' };
    return amountMinor === due.amountMinor ? null : { reason: 'extensionFeeMismatch' };
  }
  const left = due.amountMinor - inFlightMinor;
  if (left <= 0) return { reason: 'paymentInProgress' };
  if (amountMinor > left) return { reason: 'repayAmountTooLarge', leftMinor: left };
  if (due.coolingOff && !fitsCoolingOff(due.ordinaryMaxMinor ?? due.amountMinor, due.coolingOff, amountMinor + inFlightMinor)) {
    return { reason: 'coolingOffExitAmount', exitMinor: due.coolingOff.exitMinor };
  }
  return null;
};
