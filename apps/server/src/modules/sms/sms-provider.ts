/** The SMS provider interface every sender calls (the outbox implements it, modules/sms/outbox.ts). */
import type { Market } from '@kilat/contract';
import type { SQL } from 'drizzle-orm';
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
  /**
   * The outbox row of `message` as an INSERT, for a caller that writes it in one statement with its
   * own rows (a data-modifying WITH, decision 116); call `written()` once that statement has run.
   */
  insertOf(message: SmsMessage, now: Date): SQL;
  /** a message was written by `insertOf`'s statement: it is delivered right after the response, as `send`'s are */
  written(): void;
}
