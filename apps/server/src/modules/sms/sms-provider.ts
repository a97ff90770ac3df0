/** The SMS provider interface every sender calls (the outbox implements it, modules/sms/outbox.ts). */
import type { Market } from '@kilat/contract';
import type { Db } from '../../db/database.js';

export type SmsPurpose = 'login' | 'registration' | 'repayment' | 'reminder';

export interface SmsMessage {
  market: Market;
  phone: string;
  purpose: SmsPurpose;
  body: string;
}

export interface SmsProvider {
  send(message: SmsMessage, tx?: Db): Promise<void>;
}
