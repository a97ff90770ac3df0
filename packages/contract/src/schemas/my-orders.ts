import { z } from 'zod';

/** ours (issue 17): the borrower's own loans for the main and order screens; no fields, the session names the borrower. */
export const MyOrdersRequestSchema = z.object({});

/**
 * One loan of the borrower. Amounts are minor units; dates are the market's 'YYYY-MM-DD'.
 * `amountDue` is what is owed now (0 when nothing is owed), `dueDate` '' before disbursal.
 */
export const MyOrderSchema = z.object({
  orderId: z.string(),
  productId: z.string(),
  orderNo: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  orderStatus: z.number().int(),
  amount: z.number().int(),
  amountDue: z.number().int(),
  appliedOn: z.string(),
  dueDate: z.string(),
  /** 1 when the extension (delay) may be bought now, as loan details says */
  isDelay: z.number().int(),
  /** a closed loan that was not repaid: settled by agreement (a one-time settlement) or written off (issue 46) */
  closedBy: z.enum(['settlement', 'write_off']).optional(),
});
export type MyOrder = z.infer<typeof MyOrderSchema>;

/** Newest first. */
export const MyOrdersDataSchema = z.object({ list: z.array(MyOrderSchema) });
