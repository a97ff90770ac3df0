/**
 * The message centre's SQL (issue 17, decision 108). `recordMessage` is what the emitting modules
 * import: it takes their transaction, so a message exists exactly when its event committed, and its
 * idempotency key makes a redelivered webhook, a rerun job or a repeated submit write nothing more.
 * This file imports only the database, so every module may depend on it without a cycle.
 */
import type { Market } from '@kilat/contract';
import { and, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { orders } from '../../db/schema.js';
import { type BorrowerMessage, borrowerMessages, type MessageKind, type MessageParams } from './table.js';

export interface NewMessage {
  borrowerId: number;
  orderId: number;
  complaintId?: number | null;
  kind: MessageKind;
  params: MessageParams;
  /** unique per event, e.g. `repaid:<order>:<payment>`: a second write with it is dropped */
  idempotencyKey: string;
  /** when the event happens; a message shows from then (approval and disbursal are decided at submit) */
  shownAt: Date;
}

/** Writes one message in the caller's transaction; false when its key was written before. */
export const recordMessage = async (tx: Db, message: NewMessage): Promise<boolean> => {
  const rows = await tx
    .insert(borrowerMessages)
    .values({ ...message, complaintId: message.complaintId ?? null })
    .onConflictDoNothing({ target: borrowerMessages.idempotencyKey })
    .returning({ id: borrowerMessages.id });
  return rows.length > 0;
};

/** Writes several messages in one statement (a job's batch); a key written before is dropped. */
export const recordMessages = async (tx: Db, messages: readonly NewMessage[]): Promise<void> => {
  if (messages.length === 0) return;
  await tx
    .insert(borrowerMessages)
    .values(messages.map((message) => ({ ...message, complaintId: message.complaintId ?? null })))
    .onConflictDoNothing({ target: borrowerMessages.idempotencyKey });
};

/** Development only (`POST /dev/orders/:id/age`): an order's messages move back with its timeline. */
export const shiftOrderMessagesBack = async (tx: Db, orderId: number, days: number): Promise<void> => {
  await tx
    .update(borrowerMessages)
    .set({ shownAt: sql`${borrowerMessages.shownAt} - make_interval(days => ${days}::integer)` })
    .where(eq(borrowerMessages.orderId, orderId));
};

export type ListedMessage = BorrowerMessage & { productId: number; market: Market };

/** A borrower sees at most this many messages, newest first. */
export const MESSAGES_LISTED = 100;

export class MessagesRepository {
  constructor(private readonly db: Db) {}

  private shownBy(borrowerId: number, now: Date) {
    return and(eq(borrowerMessages.borrowerId, borrowerId), lte(borrowerMessages.shownAt, now));
  }

  async list(borrowerId: number, now: Date): Promise<ListedMessage[]> {
    const rows = await this.db
      .select({ message: borrowerMessages, productId: orders.productId, market: orders.market })
      .from(borrowerMessages)
      .innerJoin(orders, eq(orders.id, borrowerMessages.orderId))
      .where(this.shownBy(borrowerId, now))
      .orderBy(desc(borrowerMessages.shownAt), desc(borrowerMessages.id))
      .limit(MESSAGES_LISTED);
    return rows.map((row) => ({ ...row.message, productId: row.productId, market: row.market }));
  }

  async unreadCount(borrowerId: number, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ unread: count() })
      .from(borrowerMessages)
      .where(and(this.shownBy(borrowerId, now), isNull(borrowerMessages.readAt)));
    return row?.unread ?? 0;
  }

  /** The owner of a message already shown, or null when there is no such message yet. */
  async ownerOf(messageId: number, now: Date): Promise<number | null> {
    const [row] = await this.db
      .select({ borrowerId: borrowerMessages.borrowerId })
      .from(borrowerMessages)
      .where(and(eq(borrowerMessages.id, messageId), lte(borrowerMessages.shownAt, now)))
      .limit(1);
    return row?.borrowerId ?? null;
  }

  /** Marks the borrower's shown messages read (one, or all); a message read before keeps its first read time. */
  async markRead(borrowerId: number, now: Date, messageId?: number): Promise<void> {
    await this.db
      .update(borrowerMessages)
      .set({ readAt: now })
      .where(
        and(
          this.shownBy(borrowerId, now),
          isNull(borrowerMessages.readAt),
          messageId === undefined ? undefined : eq(borrowerMessages.id, messageId),
        ),
      );
  }
}
