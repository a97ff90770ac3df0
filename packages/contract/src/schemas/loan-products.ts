import { z } from 'zod';

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
  periods: z.number().int(),
  dailyRateBps: z.number().int(),
});
export type LoanProduct = z.infer<typeof LoanProductSchema>;

export const LoanProductsDataSchema = z.object({ list: z.array(LoanProductSchema) });
