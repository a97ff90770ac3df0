import { z } from 'zod';
import { Limits } from '../constants.js';
import { PHONE_INPUT_MAX_LENGTH } from '../phone.js';
import { unstorableTextPath } from '../storable-text.js';

/** Form-encoded fields arrive as strings; these read them into what they mean. */
export const Id = z.string().trim().min(1).max(64);
export const OptionalId = z.string().trim().max(64).optional();
export const Digits = (max: number) => z.string().trim().regex(/^\d+$/).max(max);
export const IntField = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** Money in minor units, as an integer; the repay page strips separators before sending (spec §9). */
export const MinorAmount = z.coerce.number().int().positive().max(1e13);
export const ZeroOrOne = z.coerce.number().int().min(0).max(1);
/**
 * A phone as typed: digits with spaces, dashes or a leading +. Whether it is a mobile of the
 * request's market is the contract's `parsePhone`, which the server applies with the market
 * (docs/decisions/056; the spec's 11-digit rule is a defect, DESIGN §6).
 */
export const PhoneInput = z
  .string()
  .trim()
  .min(1)
  .max(PHONE_INPUT_MAX_LENGTH)
  .regex(/^\+?[\d\s\-.()]+$/);
export const Url = z.string();
export const TextValue = z.object({ text: z.string(), value: z.string() });
export const TitleValue = z.object({ title: z.string(), value: z.string() });
export const ComplaintText = z.string().trim().min(1).max(Limits.complaintTextMax);

/**
 * A request schema that also refuses text PostgreSQL cannot store (a NUL, a lone surrogate:
 * `isStorableText`) anywhere in the parsed input, unknown fields a loose object lets through
 * included; the issue names the field, so the 400 does too (issue 32).
 */
export const storable = <T extends z.ZodType>(schema: T): T =>
  schema.superRefine((value, context) => {
    const path = unstorableTextPath(value);
    if (path !== null)
      context.addIssue({ code: 'custom', message: 'text PostgreSQL cannot store (NUL or a lone surrogate)', path: path.split('.') });
  }) as T;
