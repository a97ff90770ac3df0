import { z } from 'zod';
import { Limits } from '../constants.js';

/** Form-encoded fields arrive as strings; these read them into what they mean. */
export const Id = z.string().trim().min(1).max(64);
export const OptionalId = z.string().trim().max(64).optional();
export const Digits = (max: number) => z.string().trim().regex(/^\d+$/).max(max);
export const IntField = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
/** Money in minor units, as an integer; the repay page strips separators before sending (spec §9). */
export const MinorAmount = z.coerce.number().int().positive().max(1e13);
export const ZeroOrOne = z.coerce.number().int().min(0).max(1);
/** A registration phone: 11 digits, 1 then 3-9 then nine digits (spec §5). */
export const RegistrationPhone = z.string().regex(/^1[3-9]\d{9}$/);
export const Url = z.string();
export const TextValue = z.object({ text: z.string(), value: z.string() });
export const TitleValue = z.object({ title: z.string(), value: z.string() });
export const ComplaintText = z.string().trim().min(1).max(Limits.complaintTextMax);
