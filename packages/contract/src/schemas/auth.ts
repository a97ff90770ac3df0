import { z } from 'zod';
import { Id, PhoneInput } from './fields.js';

export const LoginCodeRequestSchema = z.object({ phone: PhoneInput });
export const LoginRequestSchema = z.object({ phone: PhoneInput, smsCode: z.string().regex(/^\d{6}$/), deviceId: Id });
export const LoginDataSchema = z.object({ sessionId: z.string(), userId: z.string(), expiresAt: z.string() });

/** One stored record of the borrower, as their data file holds it (issue 49 item 5): its fields as stored, secrets left out. */
const StoredRecord = z.record(z.string(), z.unknown());
/** Everything Kilat keeps about the session's borrower (DPDP Act 2023, UU 27/2022): theirs only, no sealed numbers or tokens. */
export const MyDataSchema = z.object({
  exportedAt: z.string(),
  profile: StoredRecord,
  identityChecks: z.array(StoredRecord),
  orders: z.array(StoredRecord),
  payments: z.array(StoredRecord),
  messages: z.array(StoredRecord),
});
export type MyData = z.infer<typeof MyDataSchema>;
