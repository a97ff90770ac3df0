/** The development inbox the outbox delivers to outside production (DESIGN §5): `GET /dev/sms` reads it. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { type PreparedSql, prepareSql } from '../../db/prepared-sql.js';
import { smsMessages } from '../../db/schema.js';
import type { OutboxMessage, SmsTransport } from './outbox.js';

export interface InboxMessage {
  phone: string;
  market: string;
  purpose: string;
  body: string;
  createdAt: string;
}

/**
 * The development transport of the outbox: the message goes to the development inbox (`GET
 * /dev/sms`) and the log. One inbox row per outbox row, so a redelivery shows the message once.
 */
export class DevInboxTransport implements SmsTransport {
  readonly name = 'dev-inbox';

  /** one statement prepared once for a batch of any size: the batch's columns as arrays */
  private readonly insertAll: PreparedSql<never>;

  constructor(private readonly db: Db) {
    this.insertAll = prepareSql<never>(
      db,
      'sms_inbox_insert_all',
      sql`INSERT INTO ${smsMessages} (market, phone, purpose, body, outbox_id)
        SELECT * FROM unnest(${sql.placeholder('markets')}::text[], ${sql.placeholder('phones')}::text[], ${sql.placeholder('purposes')}::text[],
          ${sql.placeholder('bodies')}::text[], ${sql.placeholder('ids')}::bigint[])
        ON CONFLICT (outbox_id) DO NOTHING`,
    );
  }

  async deliver(message: OutboxMessage): Promise<void> {
    await this.deliverAll([message]);
  }

  async deliverAll(messages: readonly OutboxMessage[]): Promise<void> {
    await this.insertAll.execute({
      markets: messages.map((message) => message.market),
      phones: messages.map((message) => message.phone),
      purposes: messages.map((message) => message.purpose),
      bodies: messages.map((message) => message.body),
      ids: messages.map((message) => message.id),
    });
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
