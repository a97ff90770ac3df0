import { z } from 'zod';
import { Id } from './fields.js';

/** Employment the application asks for; underwriting reads salaried people's salary floor (spec §1). */
export const Employment = z.enum(['salaried', 'self-employed', 'other']);
export type Employment = z.infer<typeof Employment>;

/** A person's name: letters, spaces, dots, apostrophes and hyphens. */
export const ApplicantName = z
  .string()
  .trim()
  .min(2)
  .max(60)
  .regex(/^[\p{L}][\p{L} .'-]*$/u);

/**
 * ours (issue 17): the application before loan confirm. `salary` is whole rupees a month (India)
 * or whole rupiah a year (Indonesia), as spec §1 states each market's floor; `city` one of the
 * market's cities (contract `Cities`).
 */
export const ApplicationRequestSchema = z.object({
  productId: Id,
  name: ApplicantName,
  salary: z.string().regex(/^[1-9]\d{0,11}$/),
  employment: Employment,
  city: z.string().trim().min(1).max(64),
  /** ours (issue 29): the decision engine's age rule reads the birth date; Indonesia asks whether married (spec's 18+, or married) */
  birthDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  married: z.enum(['0', '1']).optional(),
  /** the amount (minor units) and term (days) chosen on the page; loan confirm starts from them */
  amount: z.coerce.number().int().positive().max(1e13).optional(),
  term: z.coerce.number().int().min(1).max(3650).optional(),
});
export const ApplicationDataSchema = z.object({ confirmUrl: z.string() });

/**
 * ours (issue 48): what the session's borrower gave on their last application, to offer again; null
 * before the first. With the identity verified, its name and birth date are the document's, and stay.
 */
export const LastApplicationDataSchema = z
  .object({
    name: z.string(),
    salary: z.string(),
    employment: Employment,
    city: z.string(),
    birthDate: z.string(),
    married: z.enum(['', '0', '1']),
    /** when it was given, ISO 8601 */
    givenAt: z.string(),
    identityVerified: z.boolean(),
  })
  .nullable();
