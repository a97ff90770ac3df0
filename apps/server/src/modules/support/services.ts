/** Builds issue 3's services — uploads, complaints, chatbot — for the app and for the ops commands alike. */
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lending/clock.js';
import { ChatbotRepository } from '../chatbot/repository.js';
import { ChatbotService } from '../chatbot/service.js';
import { ComplaintsRepository } from '../complaints/repository.js';
import { ComplaintsService } from '../complaints/service.js';
import { OrdersRepository } from '../orders/repository.js';
import { OrdersService } from '../orders/service.js';
import { UploadsRepository } from '../uploads/repository.js';
import { UploadsService } from '../uploads/service.js';
import { DEFAULT_LINK_TTL_SECONDS, DEV_LINK_KEY, LinkSigner } from '../uploads/signed-links.js';
import { LocalFolderStorage, type ObjectStorage, S3Storage } from '../uploads/storage.js';

export interface SupportServices {
  uploads: UploadsService;
  /** where upload bytes live; closed with the app */
  storage: ObjectStorage & { close?(): void };
  complaints: ComplaintsService;
  chatbot: ChatbotService;
}

export const createSupportServices = (
  db: Db,
  config: Pick<Config, 'uploadDir'> & Partial<Pick<Config, 'uploads'>>,
  clock: Clock,
  orders: OrdersService = new OrdersService(new OrdersRepository(db), clock),
): SupportServices => {
  const s3 = config.uploads?.s3;
  const storage = s3 ? new S3Storage(s3) : new LocalFolderStorage(config.uploadDir);
  const links = new LinkSigner(config.uploads?.signingKey ?? DEV_LINK_KEY, config.uploads?.linkTtlSeconds ?? DEFAULT_LINK_TTL_SECONDS);
  const uploads = new UploadsService(new UploadsRepository(db), storage, clock, links);
  const complaints = new ComplaintsService(db, new ComplaintsRepository(db), orders, uploads, clock);
  const chatbot = new ChatbotService(new ChatbotRepository(db), orders, clock);
  return { uploads, storage, complaints, chatbot };
};
