/** Builds the card flow of issue 5: bound cards, repay tokens, card payments with SMS codes, on the payments module's port. */
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { CallHandlers } from '../../http/contract-route.js';
import type { Clock } from '../../lending/clock.js';
import type { OrdersService } from '../orders/service.js';
import type { PaymentsPort } from '../payments/ports.js';
import type { SmsProvider } from '../sms/sms-provider.js';
import { cardHandlers } from './handlers.js';
import { CardsRepository } from './repository.js';
import { CardsService } from './service.js';

export interface CardsModuleDeps {
  db: Db;
  clock: Clock;
  config: Config;
  orders: OrdersService;
  sms: SmsProvider;
  payments: PaymentsPort;
}

export const cardsModule = ({ db, clock, config, orders, sms, payments }: CardsModuleDeps) => {
  const cards = new CardsService({ repository: new CardsRepository(db), orders, payments, sms, clock, config });
  const handlers: CallHandlers = cardHandlers(cards);
  return { handlers, cards };
};
