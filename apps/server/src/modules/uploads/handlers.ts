/** The upload call (multipart field `problemImage`) and the route that serves stored images. */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { CallHandlers } from '../../http/contract-route.js';
import { sessionBorrower } from '../support/session-borrower.js';
import { contentTypeOfName, UPLOAD_URL_PREFIX, UploadRefusal, type UploadsService } from './service.js';

export const UPLOAD_FIELD = 'problemImage';

/** The bytes of the one file part named problemImage; @fastify/multipart stops reading past 10 MB. */
const readImagePart = async (request: FastifyRequest): Promise<Buffer> => {
  if (!request.isMultipart()) throw UploadRefusal.missing();
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await request.file();
  } catch {
    throw UploadRefusal.missing();
  }
  if (!part) throw UploadRefusal.missing();
  if (part.fieldname !== UPLOAD_FIELD) {
    part.file.resume();
    throw UploadRefusal.missing();
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw UploadRefusal.tooLarge();
    throw error;
  }
};

export const uploadHandlers = (uploads: UploadsService): CallHandlers => ({
  uploadProblemImage: async ({ request, borrower }) => {
    const { url } = await uploads.store(await readImagePart(request), sessionBorrower(borrower).id);
    return { url };
  },
});

/** GET /uploads/<name>: the unguessable name is the capability (an <img> sends no session header). */
export const registerUploadRoutes = (app: FastifyInstance, uploads: UploadsService) => {
  app.get<{ Params: { name: string } }>(`${UPLOAD_URL_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const contentType = contentTypeOfName(name);
    if (!contentType) throw AppError.notFound();
    const path = join(uploads.directory, name);
    const file = await stat(path).catch(() => null);
    if (!file?.isFile()) throw AppError.notFound();
    return reply
      .type(contentType)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=31536000, immutable')
      .send(createReadStream(path));
  });
};
