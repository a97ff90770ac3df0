import { z } from 'zod';
import { Id } from './fields.js';

/** Login phones: India's 10-digit mobiles or Indonesia's 08… numbers, digits only. */
export const LoginPhone = z.string().regex(/^\d{9,13}$/);
export const LoginCodeRequestSchema = z.object({ phone: LoginPhone });
export const LoginRequestSchema = z.object({ phone: LoginPhone, smsCode: z.string().regex(/^\d{6}$/), deviceId: Id });
export const LoginDataSchema = z.object({ sessionId: z.string(), userId: z.string(), expiresAt: z.string() });
