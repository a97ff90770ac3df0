import { z } from 'zod';
import { OptionalId } from './fields.js';
import { PaymentMethodName, PaymentPurpose } from './repayment.js';

/**
 * ours (issue 17): the session borrower's repayments, newest first — every order's, or one
 * order's with `orderId` (which must be the borrower's). Only payments the gateway confirmed are
 * listed: a pending or failed one is not money repaid (decision 105).
 */
export const RepaymentHistoryRequestSchema = z.object({ orderId: OptionalId });

/**
 * A payment's public id as the server makes them: 'RP' and 20 base32 characters; an offline
 * repayment an operator recorded (decision 163) is 'OF' and its ledger row's number.
 */
export const RepaymentReceiptRequestSchema = z.object({
  paymentId: z
    .string()
    .trim()
    .regex(/^(RP[A-Z2-7]{20}|OF[1-9]\d{0,15})$/),
});

/**
 * Where the money of one payment went, from the ledger replay (the one waterfall): penalty, fee,
 * interest and principal of a repayment; the whole amount for an extension fee; and what arrived
 * beyond everything owed (kept for a refund) as `overpaid`.
 */
export const AllocationComponent = z.enum(['penalty', 'fee', 'interest', 'principal', 'extensionFee', 'overpaid']);
export type AllocationComponent = z.infer<typeof AllocationComponent>;
export const AllocationLineSchema = z.object({ component: AllocationComponent, amount: z.number().int() });

/** how it was paid: a gateway's method, or `offline` — sent to Kilat's bank account and recorded by Kilat against the bank's reference */
const Method = z.enum([...PaymentMethodName.options, 'offline']);

/** One repayment: amounts in minor units, `paidAt` the market's 'YYYY-MM-DD HH:mm:ss'. */
export const RepaymentRecordSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  productId: z.string(),
  orderNo: z.string(),
  productName: z.string(),
  purpose: PaymentPurpose,
  method: Method,
  amount: z.number().int(),
  paidAt: z.string(),
  /** an offline repayment's value date, the day the bank received it ('YYYY-MM-DD'; issue 47): `paidAt` is when Kilat recorded it */
  receivedOn: z.string().optional(),
  /** one line per component the payment paid, in waterfall order; components it did not reach are left out */
  allocation: z.array(AllocationLineSchema),
});
export type RepaymentRecord = z.infer<typeof RepaymentRecordSchema>;

export const RepaymentHistoryDataSchema = z.object({ list: z.array(RepaymentRecordSchema) });

/** The receipt (the peers' 'certificate'): the record, how it was paid and what the loan owed right after it. */
export const RepaymentReceiptDataSchema = RepaymentRecordSchema.extend({
  /** the card (bank and last 4), the bank or the mini market; the bank's reference of an offline repayment; '' for the checkout page */
  methodDetail: z.string(),
  /** what the order owed right after this payment, minor units */
  remainingAfter: z.number().int(),
  /** days the extension moved the due date; 0 for a repayment */
  extensionDays: z.number().int(),
  /** ours (issue 50): what a coupon took off the fees and interest with this payment, minor units; 0 without one */
  couponMoney: z.number().int(),
});
export type RepaymentReceipt = z.infer<typeof RepaymentReceiptDataSchema>;
