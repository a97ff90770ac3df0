/**
 * Drizzle's view of the SMS outbox (migration 0011). Kept beside the outbox rather than in
 * db/schema.ts so that issue 12's parallel branches do not edit one file; the SQL is the truth.
 */
import type { Market } from '@kilat/contract';
import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type SmsOutboxStatus = 'pending' | 'sent' | 'failed' | 'expired';

export const smsOutbox = pgTable('sms_outbox', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  market: text('market').$type<Market>().notNull(),
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  body: text('body').notNull(),
  dedupeKey: text('dedupe_key'),
  notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
  notAfter: timestamp('not_after', { withTimezone: true }),
  status: text('status').$type<SmsOutboxStatus>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;
