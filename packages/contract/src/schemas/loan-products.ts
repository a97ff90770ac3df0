import { z } from 'zod';
import { Id, TextValue } from './fields.js';

/** ours (issue 17): the lending products the session borrower's market offers, for main and product detail. */
export const LoanProductsRequestSchema = z.object({});

/** A product of Kilat's own catalogue. Amounts are minor units; the rate is basis points a day. */
export const LoanProductSchema = z.object({
  productId: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  description: z.string(),
  amountMin: z.number().int(),
  amountMax: z.number().int(),
  termDays: z.number().int(),
  /** ours (issue 48): every term the application offers, the product's own among them */
  termOptions: z.array(z.number().int()).optional(),
  periods: z.number().int(),
  dailyRateBps: z.number().int(),
});
export type LoanProduct = z.infer<typeof LoanProductSchema>;

export const LoanProductsDataSchema = z.object({ list: z.array(LoanProductSchema) });

export const LoanProductDetailRequestSchema = z.object({ productId: Id });

/**
 * Product detail: the product, its prices as text rows (rate, fees, penalty, extension), and a
 * worked example computed by the lending core for the amount loan confirm would offer this
 * borrower today. Amounts are minor units; dates the market's 'YYYY-MM-DD'.
 */
export const LoanProductDetailDataSchema = z.object({
  product: LoanProductSchema,
  prices: z.array(TextValue),
  example: z.object({
    amount: z.number().int(),
    interest: z.number().int(),
    fee: z.number().int(),
    total: z.number().int(),
    apr: z.string(),
    repayments: z.array(z.object({ dueDate: z.string(), amount: z.number().int() })),
  }),
});
export type LoanProductDetail = z.infer<typeof LoanProductDetailDataSchema>;
