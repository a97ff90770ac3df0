import { z } from 'zod';
import { Id, PhoneInput } from './fields.js';

export const LoginCodeRequestSchema = z.object({ phone: PhoneInput });
export const LoginRequestSchema = z.object({ phone: PhoneInput, smsCode: z.string().regex(/^\d{6}$/), deviceId: Id });
export const LoginDataSchema = z.object({ sessionId: z.string(), userId: z.string(), expiresAt: z.string() });
