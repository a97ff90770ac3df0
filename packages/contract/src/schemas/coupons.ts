import { z } from 'zod';
import { MinorAmount, OptionalId } from './fields.js';

/**
 * Ours (issue 50, decision 251): the borrower's coupons. With an order and the amount the repay page
 * is about to pay (before any coupon), each usable coupon says what it takes off that repayment
 * (`couponMoney`, the server's own figure) and what is left to pay; without, the list alone.
 */
export const CouponsRequestSchema = z.object({ orderId: OptionalId, amount: MinorAmount.optional() });

/** usable now; held by a payment still open; used by a paid one; expired unused */
export const CouponStatus = z.enum(['usable', 'held', 'used', 'expired']);
export type CouponStatus = z.infer<typeof CouponStatus>;

export const CouponSchema = z.object({
  couponId: z.string(),
  /** what it takes off, in the request's language */
  title: z.string(),
  kind: z.enum(['amount_off', 'percent_off_interest', 'interest_free_days']),
  status: CouponStatus,
  /** market time 'YYYY-MM-DD HH:mm:ss' */
  validFrom: z.string(),
  validUntil: z.string(),
  /** the least repayment it applies to, minor units (0: any) */
  minAmount: z.number().int(),
  /** with an order and amount: what it takes off that repayment (minor units), else 0 */
  couponMoney: z.number().int(),
  /** with an order and amount: what is left to pay with it, else 0 */
  amountAfter: z.number().int(),
  /** with an order and amount: why it cannot be used on it, in the request's language; '' when it can */
  refusal: z.string(),
});
export type Coupon = z.infer<typeof CouponSchema>;

export const CouponsDataSchema = z.object({ list: z.array(CouponSchema) });
