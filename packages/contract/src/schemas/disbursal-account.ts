import { z } from 'zod';

/**
 * ours (issue 28): the borrower's disbursal account. The fields are taken as typed and checked by
 * the contract's `checkDisbursalAccount` on the server, so each refusal names its own field in the
 * borrower's language rather than the generic "not valid" of a schema.
 */
const Typed = (max: number) => z.string().max(max).optional();

export const DisbursalAccountRequestSchema = z.object({});

export const DisbursalAccountSaveRequestSchema = z.object({
  kind: z.string().trim().max(16),
  holderName: z.string().max(120),
  accountNumber: Typed(40),
  ifsc: Typed(20),
  vpa: Typed(330),
  channelCode: Typed(32),
  phone: Typed(32),
  /** the SMS code of `disbursalAccountCode`: needed to replace a valid account */
  smsCode: Typed(12),
});

export const DisbursalAccountStatus = z.enum(['pending', 'valid', 'invalid', 'name_mismatch']);
export type DisbursalAccountStatus = z.infer<typeof DisbursalAccountStatus>;

/** An account as the borrower sees it: masked, with what the gateway said and, when it is not usable, why. */
export const DisbursalAccountViewSchema = z.object({
  kind: z.enum(['bank', 'upi', 'ewallet']),
  /** the IFSC, the UPI PSP, or the payout channel (`ID_BCA`) */
  channelCode: z.string(),
  bankName: z.string(),
  holderName: z.string(),
  last4: z.string(),
  status: DisbursalAccountStatus,
  /** the loan may be sent to it: valid, or not refused where the gateway checks an account only by paying into it (Xendit) */
  usable: z.boolean(),
  /** 0–100: how closely the name the bank holds matches the applicant's; null before the gateway answers */
  nameMatchScore: z.number().int().nullable(),
  /** the borrower's explanation of an invalid or mismatched account, or of one still being checked */
  reason: z.string().nullable(),
});

export const DisbursalAccountDataSchema = z.object({
  account: DisbursalAccountViewSchema.nullable(),
  /** the name the account must be in (the application's) */
  applicantName: z.string(),
  /** changing the account needs the SMS code sent to this phone (last four digits) */
  phoneLast4: z.string(),
  /** true when the active account is usable, so replacing it needs the SMS code */
  changeNeedsCode: z.boolean(),
});

export const DisbursalAccountSaveDataSchema = z.object({ account: DisbursalAccountViewSchema });

export const DisbursalAccountCodeRequestSchema = z.object({});
