/** The identity calls (issue 29): every one reads and writes the session borrower's own check, never another's. */
import { Limits } from '@kilat/contract';
import { IdentitySubmitFieldsSchema } from '@kilat/contract/schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { CallHandlers } from '../../http/contract-route.js';
import { messageFor } from '../../http/language.js';
import { UploadRefusal } from '../uploads/service.js';
import type { IdentityImages, IdentityService, IdentityView } from './service.js';

/** The multipart file fields of the submit: the selfie, and Indonesia's KTP photo. */
export const IDENTITY_IMAGE_FIELDS = ['selfie', 'document'] as const;

/** The typed fields and the two images of the multipart submit; @fastify/multipart stops a file past 10 MB. */
const readSubmit = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw UploadRefusal.missing();
  const fields: Record<string, string> = {};
  const images: IdentityImages = {};
  try {
    for await (const part of request.parts({
      limits: { files: IDENTITY_IMAGE_FIELDS.length, fileSize: Limits.uploadMaxBytes, fields: 10 },
    })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      } else if ((IDENTITY_IMAGE_FIELDS as readonly string[]).includes(part.fieldname)) {
        images[part.fieldname as (typeof IDENTITY_IMAGE_FIELDS)[number]] = await part.toBuffer();
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw UploadRefusal.tooLarge();
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw AppError.invalid('files');
    throw error;
  }
  const parsed = IdentitySubmitFieldsSchema.safeParse(fields);
  if (!parsed.success) throw AppError.invalid(parsed.error.issues.map((issue) => issue.path.join('.')).join(', '));
  return { fields: parsed.data, images };
};

export const identityHandlers = (identity: IdentityService): CallHandlers => ({
  identity: async ({ borrower, request }) => shown(await identity.view(borrower), request),
  identitySubmit: async ({ borrower, request }) => {
    const { fields, images } = await readSubmit(request);
    return shown(await identity.submit(borrower, fields, images), request);
  },
  identityOtp: async ({ input, borrower, request }) => shown(await identity.submitOtp(borrower, input.otp), request),
});

/** The view with its reason in the borrower's language. */
const shown = (view: IdentityView, request: FastifyRequest) => ({ ...view, reason: view.reason ? messageFor(request, view.reason) : null });
