/**
 * Extension (delay repayment): paying a fee moves the due date (status 5). Sold only in the
 * statuses whose loan details show the delay link: 174, 180, 3 and 5 (spec §4).
 * Our rules: the fee is the product's share of the principal, trimmed to the total cost cap;
 * the new due date is the product's days after the due date in force, or after today once that
 * has passed, so an overdue borrower always gets the full extension; the offer holds to the end of
 * the due date, or of today once overdue, the last day on which its fee and new due date hold.
 */
import { ExtensionStatuses, type Market, type OrderStatus } from '@kilat/contract';
import { addDays, type BusinessDate, daysBetween } from './business-date.js';
import { costHeadroomMinor, totalCostCapBps } from './cost-cap.js';
import { assertMinor, bpsOf } from './money.js';
import type { ExtensionTerms } from './product.js';

export interface ExtensionFacts {
  market?: Market;
  status: OrderStatus;
  /** the product's extension terms; null when it offers none */
  terms: ExtensionTerms | null;
  principalMinor: number;
  /** the due date in force of the oldest unpaid period */
  dueDate: BusinessDate;
  /** what the loan costs so far apart from this fee: interest, fees, penalties, earlier extension fees */
  chargedCostMinor: number;
  /** the product's total cost cap; the market's applies too */
  totalCostCapBps: number | null;
}

export type ExtensionOffer =
  | {
      eligible: true;
      feeMinor: number;
      newDueDate: BusinessDate;
      /** days every unpaid period's due date moves */
      shiftDays: number;
      /** the offer holds until the end of this business day */
      expiresOn: BusinessDate;
    }
  | { eligible: false; reason: 'status' | 'no-extension-terms' };

export const canExtend = (status: OrderStatus): boolean => ExtensionStatuses.includes(status);

const later = (a: BusinessDate, b: BusinessDate): BusinessDate => (daysBetween(a, b) > 0 ? b : a);

export const extensionOffer = (facts: ExtensionFacts, today: BusinessDate): ExtensionOffer => {
  if (!canExtend(facts.status)) return { eligible: false, reason: 'status' };
  const { terms } = facts;
  if (terms === null || !Number.isInteger(terms.days) || terms.days < 1) return { eligible: false, reason: 'no-extension-terms' };
  assertMinor('principalMinor', facts.principalMinor);
  assertMinor('chargedCostMinor', facts.chargedCostMinor);
  assertMinor('feeBps', terms.feeBps);
  const from = later(facts.dueDate, today);
  const newDueDate = addDays(from, terms.days);
  const capBps = totalCostCapBps(facts.market, facts.totalCostCapBps);
  return {
    eligible: true,
    feeMinor: Math.min(bpsOf(facts.principalMinor, terms.feeBps), costHeadroomMinor(facts.principalMinor, capBps, facts.chargedCostMinor)),
    newDueDate,
    shiftDays: daysBetween(facts.dueDate, newDueDate),
    expiresOn: from,
  };
};

/** Moves the due date of every period due on or after the due date in force by the offer's shift. */
export const extendDueDates = <P extends { dueDate: BusinessDate }>(periods: readonly P[], dueDate: BusinessDate, shiftDays: number): P[] =>
  periods.map((period) =>
    daysBetween(dueDate, period.dueDate) >= 0 ? { ...period, dueDate: addDays(period.dueDate, shiftDays) } : period,
  );
