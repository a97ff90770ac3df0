/**
 * India's cooling-off exit (RBI digital lending directions, issue 17): within the cooling-off
 * period the key fact statement states, counted in days from disbursal, the borrower may leave the
 * loan by repaying the principal and the APR for the days they held it, with no penalty. The rest
 * of the schedule's cost (interest not earned, the service fee) is waived by a ledger row in the
 * same transaction as the repayment (`cost_waiver`), so the ledger replay closes the order.
 *
 * Our rules (decision 114): the period runs through the business day `coolingOffDays` after
 * disbursal; a loan held for part of a day counts one day; the proportionate cost is the APR the
 * key fact statement shows, pro rata over 365 days, rounded down; what was already repaid counts
 * towards the exit amount.
 */
import { LendingRules, Market } from '@kilat/contract';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import type { LedgerReplay } from './ledger-replay.js';
import type { ProductPricing } from './product.js';

export interface CoolingOffFacts {
  market: Market;
  /** the business date the money was paid out: day 0 */
  startDate: BusinessDate;
  principalMinor: number;
  /** the annual percentage rate of the key fact statement, in basis points */
  aprBps: number;
  coolingOffDays: number;
  replay: Pick<LedgerReplay, 'outstandingMinor' | 'repaidMinor' | 'overpaidMinor' | 'penaltiesChargedMinor'>;
}

export interface CoolingOffExit {
  /** the exit can be taken today */
  open: boolean;
  /** the last business date of the period */
  lastDay: BusinessDate;
  /** days counted for the proportionate APR (at least 1) */
  daysHeld: number;
  /** the APR of the key fact statement, in basis points */
  aprBps: number;
  /** the APR over the days held */
  proportionateCostMinor: number;
  /** what was repaid already, counted towards the exit */
  repaidMinor: number;
  /** what the borrower pays today to exit: principal and proportionate cost, less what was repaid */
  exitMinor: number;
  /** what the exit leaves unpaid of the schedule: waived when the exit is paid */
  waiverMinor: number;
}

/** The cooling-off days of a loan's pricing: India only, the product's own or the default, never under the minimum. */
export const coolingOffDaysOf = (market: Market, pricing: Pick<ProductPricing, 'coolingOffDays'>): number | null => {
  if (market !== Market.India) return null;
  return Math.max(LendingRules.coolingOffMinDays, pricing.coolingOffDays ?? LendingRules.coolingOffDefaultDays);
};

/** The last business date of the cooling-off period of a loan paid out on `startDate`. */
export const coolingOffLastDay = (startDate: BusinessDate, coolingOffDays: number): BusinessDate => addDays(startDate, coolingOffDays);

export const coolingOffExit = (facts: CoolingOffFacts, asOf: BusinessDate): CoolingOffExit => {
  const lastDay = coolingOffLastDay(facts.startDate, facts.coolingOffDays);
  const elapsed = daysBetween(facts.startDate, asOf);
  const daysHeld = Math.max(1, elapsed);
  const proportionateCostMinor = Math.floor((facts.principalMinor * facts.aprBps * daysHeld) / (LendingRules.bpsPerWhole * 365));
  const { replay } = facts;
  const repaidMinor = replay.repaidMinor - replay.overpaidMinor;
  const exitMinor = Math.min(replay.outstandingMinor, Math.max(0, facts.principalMinor + proportionateCostMinor - repaidMinor));
  const waiverMinor = replay.outstandingMinor - exitMinor;
  // no penalty can be part of an exit: a loan with one charged is past its due date, so past any cooling-off period
  const open =
    facts.market === Market.India &&
    elapsed >= 0 &&
    daysBetween(asOf, lastDay) >= 0 &&
    replay.outstandingMinor > 0 &&
    replay.penaltiesChargedMinor === 0 &&
    exitMinor > 0;
  return { open, lastDay, daysHeld, aprBps: facts.aprBps, proportionateCostMinor, repaidMinor, exitMinor, waiverMinor };
};

/** A repayment quote with the exit folded in: while the exit is open, paying its amount is allowed even before prepayment opens. */
export interface WithCoolingOff {
  maxRepayMinor: number;
  coolingOff: CoolingOffExit | null;
}

export const withCoolingOff = <Q extends { maxRepayMinor: number }>(quote: Q, exit: CoolingOffExit | null): Q & WithCoolingOff => ({
  ...quote,
  maxRepayMinor: exit?.open ? Math.max(quote.maxRepayMinor, exit.exitMinor) : quote.maxRepayMinor,
  coolingOff: exit,
});

/**
 * Whether a repayment of `amountMinor` is allowed by the exit rule: above what the ordinary rules
 * take today, only the exit amount itself (no prepayment in disguise).
 */
export const fitsCoolingOff = (ordinaryMaxMinor: number, exit: CoolingOffExit | null, amountMinor: number): boolean =>
  amountMinor <= ordinaryMaxMinor || (exit?.open === true && amountMinor === exit.exitMinor);
