import { z } from 'zod';

/**
 * ours (issue 29 item 2): who the borrower is. The submit is multipart (the selfie and, in
 * Indonesia, the KTP photo beside the typed fields); its fields are checked by the contract's
 * `checkIdentity` on the server, so each refusal names its own field in the borrower's language.
 */
const Typed = (max: number) => z.string().max(max).optional();

export const IdentityRequestSchema = z.object({});

/** The typed fields of the multipart submit (files: `selfie`, and `document` in Indonesia). */
export const IdentitySubmitFieldsSchema = z.object({
  name: Typed(120),
  birthDate: Typed(20),
  pan: Typed(20),
  aadhaar: Typed(20),
  nik: Typed(24),
  /** the borrower agreed that the provider checks these documents (UIDAI's e-KYC asks for consent) */
  consent: Typed(8),
});

export const IdentityOtpRequestSchema = z.object({ otp: z.string().max(12) });

export const IdentityStatus = z.enum(['none', 'awaiting_otp', 'pending', 'verified', 'failed']);
export type IdentityStatus = z.infer<typeof IdentityStatus>;

/** The borrower's identity as they are shown it: masked numbers, what the provider said and, when it failed, why. */
export const IdentityDataSchema = z.object({
  status: IdentityStatus,
  documentKind: z.enum(['pan_aadhaar', 'nik_ktp']).nullable(),
  /** the name and birth date of the document once verified, else as entered */
  name: z.string(),
  birthDate: z.string(),
  /** the PAN's or NIK's last four */
  numberLast4: z.string(),
  /** India: the Aadhaar number's last four, all Kilat keeps of it */
  aadhaarLast4: z.string().nullable(),
  /** the provider's explanation of a failed or pending check, in the borrower's language */
  reason: z.string().nullable(),
  /** signed links to the borrower's own selfie and document photo, for a few minutes */
  selfieUrl: z.string().nullable(),
  documentUrl: z.string().nullable(),
  /** the name the application already holds, to prefill the form */
  applicantName: z.string(),
  /** India: seconds until UIDAI's code may be sent again by sending the form again (0 when it may) */
  otpResendInSeconds: z.number().int().nonnegative(),
});
