/** The SMS provider interface every sender calls (the outbox implements it, modules/sms/outbox.ts). */
import type { Market } from '@kilat/contract';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';

export type SmsPurpose =
  | 'login'
  | 'registration'
  | 'repayment'
  | 'reminder'
  | 'disbursal-account'
  | 'disbursal'
  | 'agreement'
  | 'collection'
  | 'closure'
  /** to the grievance officer, not a borrower: complaints near their regulator deadline (decision 216) */
  | 'complaint-escalation';

export interface SmsMessage {
  market: Market;
  phone: string;
  purpose: SmsPurpose;
  body: string;
}

export interface SmsProvider {
  send(message: SmsMessage, tx?: Db): Promise<void>;
  /** Several messages in one statement (a job's batch), in the caller's transaction. */
  sendMany(messages: readonly SmsMessage[], tx?: Db): Promise<void>;
  /**
   * The outbox row of a message as an INSERT … RETURNING id, one for each row of `rows`, for a
   * caller that writes it in one prepared statement with its own rows (a data-modifying WITH,
   * decisions 116, 117 and 119), its values placeholders that `claimedValues` fills; hand the id
   * to `handOver` once that statement has run.
   */
  claimedInsertFrom(rows: SQL): SQL;
  claimedValues(message: SmsMessage, now: Date): Record<string, unknown>;
  /** `claimedInsertFrom`'s row `id` was written: this process delivers it right away (no drain takes it meanwhile) */
  handOver(id: number, message: SmsMessage, now: Date): void;
}
