/** The upload call (multipart field `problemImage`) and the route that serves stored images. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import type { CallHandlers } from '../../http/contract-route.js';
import { bearerToken } from '../../http/session.js';
import { contentTypeOfName, PRODUCT_LOGO_URL_PREFIX, UPLOAD_URL_PREFIX, UploadRefusal, type UploadsService } from './service.js';

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
    const { url } = await uploads.store(await readImagePart(request), borrower.id);
    return { url };
  },
});

/** Whether the request carries the session of the borrower who uploaded `name`. */
const isOwnersSession = async (app: FastifyInstance, uploads: UploadsService, request: FastifyRequest, name: string) => {
  const token = bearerToken(request.headers.authorization);
  const deviceId = (request.query as Record<string, unknown>).deviceId;
  if (!token || typeof deviceId !== 'string') return false;
  const borrower = await app.auth.sessions.resolve(token, deviceId);
  if (!borrower) return false;
  const owner = await uploads.ownerOf(name);
  return owner !== null && owner.borrowerId === borrower.id;
};

/**
 * GET /uploads/<name>: served through a signed link that has not expired (what the API hands out,
 * since an <img> sends no session header), or to the uploader's own session; anyone else gets the
 * same 404 as for a name that does not exist (docs/decisions/034).
 */
export const registerUploadRoutes = (app: FastifyInstance, uploads: UploadsService) => {
  app.get<{ Params: { name: string }; Querystring: Record<string, string | undefined> }>(
    `${UPLOAD_URL_PREFIX}:name`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { name } = request.params;
      const contentType = contentTypeOfName(name);
      if (!contentType) throw AppError.notFound();
      const left = uploads.linkLifeLeft(name, request.query.exp, request.query.sig);
      if (left === null && !(await isOwnersSession(app, uploads, request, name))) throw AppError.notFound();
      const object = await uploads.open(name);
      if (!object) throw AppError.notFound();
      return (
        reply
          .type(contentType)
          .header('content-length', object.size)
          .header('x-content-type-options', 'nosniff')
          // a browser keeps it no longer than the link lives; shared caches never
          .header('cache-control', `private, max-age=${left ?? 0}`)
          .send(object.body)
      );
    },
  );

  // a product's logo (decision 284): public, and its random name is never reused, so any cache may keep it for good
  app.get<{ Params: { name: string } }>(`${PRODUCT_LOGO_URL_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    const contentType = contentTypeOfName(name);
    if (!contentType || !(await uploads.isLogo(name))) throw AppError.notFound();
    const object = await uploads.open(name);
    if (!object) throw AppError.notFound();
    return reply
      .type(contentType)
      .header('content-length', object.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(object.body);
  });
};
