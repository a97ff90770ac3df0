/**
 * What a borrower may choose (issue 29, decision 147): an amount in the product's steps between its
 * minimum and the borrower's limit, and one of the product's terms. Pure; loan confirm, the
 * application and the submit all ask these, so the page never computes a price or a bound itself.
 */
import type { Market } from '@kilat/contract';

export interface ChoosableProduct {
  market: Market;
  amountMinMinor: number;
  amountMaxMinor: number;
  amountStepMinor: number;
  termDays: number;
  termOptions: readonly number[];
}

/** A borrower's limit is twice the monthly salary the application stated; before any, the product's maximum. */
export const LIMIT_SALARY_MONTHS = 2;

export const borrowerLimitMinor = (product: ChoosableProduct, monthlySalaryMinor: number): number => {
  if (monthlySalaryMinor <= 0) return product.amountMaxMinor;
  const steps = Math.floor((monthlySalaryMinor * LIMIT_SALARY_MONTHS - product.amountMinMinor) / product.amountStepMinor);
  const limit = product.amountMinMinor + Math.max(0, steps) * product.amountStepMinor;
  return Math.min(product.amountMaxMinor, limit);
};

export interface OfferChoice {
  amountMinor: number;
  termDays: number;
  amountMinMinor: number;
  /** the product's maximum or the borrower's limit, whichever is lower */
  amountMaxMinor: number;
  amountStepMinor: number;
  termOptions: number[];
}

/** The offer nearest what was asked: the amount rounded down to a step and held within the range, the term one of the options. */
export const chooseOffer = (
  product: ChoosableProduct,
  limitMinor: number,
  asked: { amountMinor?: number | undefined; termDays?: number | undefined },
): OfferChoice => {
  const min = product.amountMinMinor;
  const step = product.amountStepMinor;
  const max = Math.max(min, Math.min(product.amountMaxMinor, limitMinor));
  const wanted = asked.amountMinor ?? max;
  const onStep = min + Math.floor(Math.max(0, wanted - min) / step) * step;
  const termOptions = [...new Set(product.termOptions.length > 0 ? product.termOptions : [product.termDays])].sort((a, b) => a - b);
  const termDays =
    asked.termDays !== undefined && termOptions.includes(asked.termDays)
      ? asked.termDays
      : termOptions.includes(product.termDays)
        ? product.termDays
        : termOptions[0]!;
  return {
    amountMinor: Math.min(max, Math.max(min, onStep)),
    termDays,
    amountMinMinor: min,
    amountMaxMinor: max,
    amountStepMinor: step,
    termOptions,
  };
};
