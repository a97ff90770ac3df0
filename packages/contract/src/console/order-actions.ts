/** The order actions' request schemas (issue 31 item 2, decisions 163 and 164). */
import { z } from 'zod';

const amountMinor = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const reason = z.string().trim().min(3).max(500);

/** A write-off of everything the order owes: the operator says why. */
export const WriteOffRequestSchema = z.object({ reason });

/**
 * An offline repayment: the amount, the bank's reference (letters, digits, '-', '/', as a UTR or a
 * transfer number reads; kept upper-case, so one reference is one key however it is typed), the
 * day the bank received it, and why it is recorded here.
 */
export const OfflineRepaymentRequestSchema = z.object({
  amountMinor,
  bankReference: z
    .string()
    .trim()
    .min(4)
    .max(40)
    .regex(/^[A-Za-z0-9/-]+$/, 'letters, digits, - and /')
    .transform((value) => value.toUpperCase()),
  receivedOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, YYYY-MM-DD'),
  /** the collection account the credit landed in (decision 230); the market's first when left out */
  bankAccount: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9/_-]+$/, 'letters, digits, -, _ and /')
    .transform((value) => value.toUpperCase())
    .optional(),
  reason,
});

/** A refund of (part of) an overpayment to the borrower's validated account. */
export const RefundRequestSchema = z.object({ amountMinor, reason });

/** A due reminder resent by an operator. */
export const ReminderResendRequestSchema = z.object({ reason });

/** A reversal of one ledger row (a repayment, a penalty waiver, a write-off), with the reason a second operator reads (decision 233). */
export const ReversalRequestSchema = z.object({ ledgerId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER), reason });
