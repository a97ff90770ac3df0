/**
 * A product's configuration as the lending rules read it. The shapes match the `products` table's
 * columns and its `pricing` JSON (src/db/schema.ts), so a stored product can be passed as is.
 */
import type { Market } from '@kilat/contract';

/** India: a flat fee on the first overdue day, then tiered daily rates; Indonesia: a capped daily rate (DESIGN §4). */
export type PenaltyPolicy =
  | {
      kind: 'india-tiered';
      flatNewClientMinor: number;
      flatRepeatClientMinor: number;
      /** each tier runs from its fromDay (overdue day 1 is the day after the due date) to the next tier's */
      tiers: readonly { fromDay: number; bps: number }[];
    }
  | { kind: 'daily-capped'; dailyBps: number };

export interface ExtensionTerms {
  /** days the due date moves */
  days: number;
  /** the delay fee, in basis points of the principal */
  feeBps: number;
}

export interface ProductPricing {
  /** interest a day, in basis points of the principal */
  dailyInterestBps: number;
  /** one-off service fee, in basis points of the principal */
  serviceFeeBps: number;
  penalty: PenaltyPolicy;
  extension: ExtensionTerms | null;
  /** the total cost may not exceed this share of the principal (Indonesia: 100 %) */
  totalCostCapBps: number | null;
  /** India: days after disbursal in which the borrower may exit at the proportionate APR (stated in the key fact statement); absent → the default */
  coolingOffDays?: number | null;
}

export interface ProductConfig {
  market: Market;
  amountMinMinor: number;
  amountMaxMinor: number;
  termDays: number;
  /** 1 for a single-payment product, else the number of installments */
  periods: number;
  pricing: ProductPricing;
}
