import { z } from 'zod';
import { Limits } from '../constants.js';
import { PHONE_INPUT_MAX_LENGTH } from '../phone.js';
import { Id, OptionalId, PhoneInput } from './fields.js';

const Channel = {
  user_from: z.string().max(64).optional(),
  utm_tag: z.string().max(128).optional(),
  app_from: z.string().max(64).optional(),
};

export const ChannelTemplateRequestSchema = z.object({ templateId: Id });
/** Landing config (spec §3): an id and template fields the spec does not enumerate. */
export const ChannelTemplateDataSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  images: z.array(z.string()),
  backgroundColor: z.string(),
  textColor: z.string(),
  buttonColor: z.string(),
  buttonText: z.string(),
  agreements: z.array(z.object({ title: z.string(), url: z.string() })),
  /** where the download template page sends the borrower for the app */
  downloadUrl: z.string(),
});

export const TrackVisitRequestSchema = z.object({
  page_id: Id,
  client_type: z.string().max(32).optional(),
  page_type: z.literal('1'),
  ...Channel,
});
export const TrackClickRequestSchema = z.object({
  page_id: Id,
  client_type: z.string().max(32).optional(),
  page_type: z.string().max(8),
  phone: z.string().max(PHONE_INPUT_MAX_LENGTH).optional(),
  ...Channel,
});

export const CaptchaSessionDataSchema = z.object({ sid: z.string() });
export const CaptchaImageRequestSchema = z.object({ sid: Id, t: z.string().max(32).optional() });

export const SendSmsRequestSchema = z.object({
  phone: PhoneInput,
  capcode: z.string().length(Limits.captchaLength),
  sid: Id,
  deviceId: OptionalId,
  appName: z.string().max(64).optional(),
  ...Channel,
});

export const RegisterRequestSchema = z.object({
  phone: PhoneInput,
  capcode: z.string().length(Limits.captchaLength),
  sid: Id,
  deviceId: OptionalId,
  appName: z.string().max(64).optional(),
  merchantNumber: z.string().max(64).optional(),
  userName: z.string().max(100).optional(),
  smsCode: z.string().regex(/^\d{6}$/),
  invite_code: z.string().max(32).optional(),
  id: OptionalId,
  ...Channel,
});
