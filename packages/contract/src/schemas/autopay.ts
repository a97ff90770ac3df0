/**
 * India's AutoPay (ours, issue 51 item 2, decisions 242–245): a UPI AutoPay or e-NACH mandate on the
 * borrower's own loan, set up, paused, resumed and cancelled from loan details.
 */
import { z } from 'zod';
import { Id, ZeroOrOne } from './fields.js';

export const MandateStatuses = ['created', 'active', 'paused', 'cancelled', 'rejected', 'expired'] as const;
export type MandateStatusName = (typeof MandateStatuses)[number];
/** What became of one instalment's debit. */
export const MandateDebitStatuses = ['notified', 'pending', 'paid', 'failed', 'skipped', 'missed'] as const;

export const AutopayRequestSchema = z.object({ orderId: Id });
export const AutopaySetUpRequestSchema = z.object({ orderId: Id, method: z.enum(['upi', 'emandate']).default('upi') });
export const AutopayChangeRequestSchema = z.object({ orderId: Id, action: z.enum(['pause', 'resume', 'cancel']) });

export const MandateDebitSchema = z.object({
  /** the instalment's due date, as the market writes dates */
  dueDate: z.string(),
  amountText: z.string(),
  status: z.enum(MandateDebitStatuses),
});

export const MandateSchema = z.object({
  mandateId: z.string(),
  status: z.enum(MandateStatuses),
  method: z.enum(['upi', 'emandate']),
  /** 'borrower' (resumed from loan details), 'gateway' (resumed in the UPI app) or '' */
  pausedBy: z.enum(['borrower', 'gateway', '']),
  maxAmountText: z.string(),
  expiresOn: z.string(),
  /** where the borrower authorises a mandate still waiting ('' otherwise) */
  authUrl: z.string(),
  debits: z.array(MandateDebitSchema),
});
export type Mandate = z.infer<typeof MandateSchema>;

export const AutopayDataSchema = z.object({
  /** AutoPay exists for this loan's market and gateway */
  available: ZeroOrOne,
  /** a new mandate may be set up now (none live, the loan owes) */
  canSetUp: ZeroOrOne,
  /** minor units: the cap a new mandate would have, the loan's largest instalment */
  maxAmount: z.number().int(),
  maxAmountText: z.string(),
  expiresOn: z.string(),
  /** the loan's newest mandate, live or ended; null when it never had one */
  mandate: MandateSchema.nullable(),
});
export type AutopayData = z.infer<typeof AutopayDataSchema>;

export const AutopaySetUpDataSchema = z.object({ mandateId: z.string(), authUrl: z.string() });
