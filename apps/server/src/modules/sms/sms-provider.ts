/** The SMS provider interface; the default one writes to the log and to the development inbox (DESIGN §5). */
import { type Market, Market as Markets } from '@kilat/contract';
import { desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { smsMessages } from '../../db/schema.js';

export type SmsPurpose = 'login' | 'registration' | 'repayment';

export interface SmsMessage {
  market: Market;
  phone: string;
  purpose: SmsPurpose;
  body: string;
}

export interface SmsProvider {
  send(message: SmsMessage, tx?: Db): Promise<void>;
}

export interface InboxMessage {
  phone: string;
  market: string;
  purpose: string;
  body: string;
  createdAt: string;
}

export class InboxSmsProvider implements SmsProvider {
  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage, tx: Db = this.db): Promise<void> {
    await tx.insert(smsMessages).values(message);
    // the phone is masked: the log may travel further than the inbox
    this.log.info(
      { phone: `${message.phone.slice(0, 3)}****${message.phone.slice(-2)}`, purpose: message.purpose },
      'sms sent to dev inbox',
    );
  }

  async inbox(phone: string, limit = 20): Promise<InboxMessage[]> {
    const rows = await this.db.select().from(smsMessages).where(eq(smsMessages.phone, phone)).orderBy(desc(smsMessages.id)).limit(limit);
    return rows.map((row) => ({
      phone: row.phone,
      market: row.market,
      purpose: row.purpose,
      body: row.body,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}

const loginTexts: Record<Market, string> = {
  [Markets.India]: 'Your Kilat login code is {code}. It expires in {minutes} minutes. Do not share it with anyone.',
  [Markets.Indonesia]: 'Kode masuk Kilat Anda: {code}. Berlaku {minutes} menit. Jangan berikan kode ini kepada siapa pun.',
};

export const loginSmsText = (market: Market) => loginTexts[market];
