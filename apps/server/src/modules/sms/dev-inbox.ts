/** The development inbox the outbox delivers to outside production (DESIGN §5): `GET /dev/sms` reads it. */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
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

  constructor(private readonly db: Db) {}

  async deliver(message: OutboxMessage): Promise<void> {
    await this.deliverAll([message]);
  }

  async deliverAll(messages: readonly OutboxMessage[]): Promise<void> {
    const rows = messages.map((message) => sql`(${message.market}, ${message.phone}, ${message.purpose}, ${message.body}, ${message.id})`);
    await this.db.execute(sql`
      INSERT INTO sms_messages (market, phone, purpose, body, outbox_id)
      VALUES ${sql.join(rows, sql`, `)}
      ON CONFLICT (outbox_id) DO NOTHING`);
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
