/** Drizzle's view of the message centre (migration 0014), beside the module that reads it; the SQL is the truth. */
import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The status changes a borrower is told of (issue 17). */
export type MessageKind =
  | 'approved'
  | 'disbursed'
  | 'payoutFailed'
  | 'payoutReversed'
  | 'cancelled'
  | 'dueSoon'
  | 'overdue'
  | 'repaid'
  | 'complaintReplied'
  | 'rejected'
  | 'withdrawn'
  | 'refunded'
  | 'agencyNotice'
  /** India's AutoPay pre-debit notice (issue 51, decision 243): the amount and the date of the debit */
  | 'autopayDebit';

/** What a message's text is rendered from on read: the order number, a business date, days to the due date. */
export interface MessageParams {
  orderNo: string;
  date?: string;
  days?: number;
  /** a payout's messages (issue 28): the account's last four digits, the amount sent and the bank's reference */
  last4?: string;
  amountMinor?: number;
  utr?: string;
  /** an overdue reminder (issue 48): the late fees in what was owed, and the days overdue, when it was written */
  penaltyMinor?: number;
  overdueDays?: number;
  /** a rejection (decision 148): the main rule, told in the reader's language */
  reason?: string;
  /** an outside recovery agency named before its first contact (issue 46): its name and contact */
  agency?: string;
  contact?: string;
}

export const borrowerMessages = pgTable('borrower_messages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  complaintId: bigint('complaint_id', { mode: 'number' }),
  kind: text('kind').$type<MessageKind>().notNull(),
  params: jsonb('params').$type<MessageParams>().notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  shownAt: timestamp('shown_at', { withTimezone: true }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type BorrowerMessage = typeof borrowerMessages.$inferSelect;
