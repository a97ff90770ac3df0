/** The uploads module: evidence images in object storage (S3 or a local folder), the upload call and the signed links that serve them. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, DEV_LINK_KEY } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lending/clock.js';
import { registerUploadRoutes, uploadHandlers } from './handlers.js';
import { UploadsRepository } from './repository.js';
import { UploadsService } from './service.js';
import { DEFAULT_LINK_TTL_SECONDS, LinkSigner } from './signed-links.js';
import { LocalFolderStorage, type ObjectStorage, S3Storage } from './storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    uploads: UploadsService;
  }
}

/** The uploads service on the configured storage; the ops commands build it the same way. */
export const buildUploads = async (db: Db, config: Pick<Config, 'uploadDir'> & Partial<Pick<Config, 'uploads'>>, clock: Clock) => {
  const s3 = config.uploads?.s3;
  const storage: ObjectStorage & { close?(): void } = s3 ? await S3Storage.open(s3) : new LocalFolderStorage(config.uploadDir);
  const links = new LinkSigner(
    config.uploads?.signingKey ?? DEV_LINK_KEY,
    config.uploads?.linkTtlSeconds ?? DEFAULT_LINK_TTL_SECONDS,
    config.uploads?.signingKeyPrevious,
  );
  return { uploads: new UploadsService(new UploadsRepository(db), storage, clock, links), storage };
};

const uploadsModule = async (app: FastifyInstance) => {
  const { uploads, storage } = await buildUploads(app.database.db, app.config, app.clock);
  app.addHook('onClose', async () => storage.close?.());
  app.decorate('uploads', uploads);
  registerUploadRoutes(app, uploads);
  app.calls.handle(uploadHandlers(uploads));
};

export default fp(uploadsModule, { name: 'uploads', dependencies: ['auth'] });
