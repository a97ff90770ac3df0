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

export interface SupportServices {
  uploads: UploadsService;
  complaints: ComplaintsService;
  chatbot: ChatbotService;
}

export const createSupportServices = (
  db: Db,
  config: Pick<Config, 'uploadDir'>,
  clock: Clock,
  orders: OrdersService = new OrdersService(new OrdersRepository(db), clock),
): SupportServices => {
  const uploads = new UploadsService(new UploadsRepository(db), config.uploadDir, clock);
  const complaints = new ComplaintsService(db, new ComplaintsRepository(db), orders, uploads, clock);
  const chatbot = new ChatbotService(new ChatbotRepository(db), complaints, clock);
  return { uploads, complaints, chatbot };
};
