/** Builds the promotion module's services and call handlers; outside production it keeps captcha texts for GET /dev/captcha. */
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lending/clock.js';
import type { SmsProvider } from '../sms/sms-provider.js';
import { CaptchaPeek, CaptchaService } from './captcha-service.js';
import { promotionHandlers } from './handlers.js';
import { RegistrationService } from './registration-service.js';
import { PromotionRepository } from './repository.js';

export interface PromotionModuleOptions {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  isProduction: boolean;
}

export const promotionModule = ({ db, clock, sms, isProduction }: PromotionModuleOptions) => {
  const repository = new PromotionRepository(db);
  const peek = isProduction ? null : new CaptchaPeek();
  const captchas = new CaptchaService(repository, clock, peek);
  const registrations = new RegistrationService(repository, captchas, sms, clock);
  return { captchas, registrations, peek, handlers: promotionHandlers({ repository, captchas, registrations }) };
};
