/** Drizzle's view of India's AutoPay mandates and their debits (migration 0046), beside the code that reads them; the SQL is the truth. */

import type { Market } from '@kilat/contract';
import { bigint, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** created: waiting for the borrower's authorisation; active: debits may be made; the rest end it or hold it. */
export type MandateStatus = 'created' | 'active' | 'paused' | 'cancelled' | 'rejected' | 'expired';
export type MandateMethod = 'upi' | 'emandate';
/** notified: its pre-debit notice sent; presented: its payment handed to the gateway; skipped or missed: none made. */
export type MandateDebitStatus = 'notified' | 'presented' | 'skipped' | 'missed';

export const LIVE_MANDATE_STATUSES: readonly MandateStatus[] = ['created', 'active', 'paused'];

export const mandates = pgTable('mandates', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  publicId: text('public_id').notNull(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  market: text('market').$type<Market>().notNull(),
  gateway: text('gateway').notNull(),
  method: text('method').$type<MandateMethod>().notNull(),
  status: text('status').$type<MandateStatus>().notNull().default('created'),
  pausedBy: text('paused_by').$type<'borrower' | 'gateway'>(),
  maxAmountMinor: bigint('max_amount_minor', { mode: 'number' }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  authUrl: text('auth_url'),
  gatewayRef: text('gateway_ref'),
  gatewayOrderRef: text('gateway_order_ref'),
  customerRef: text('customer_ref'),
  tokenRef: text('token_ref'),
  failureReason: text('failure_reason'),
  authorisedAt: timestamp('authorised_at', { withTimezone: true }),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Mandate = typeof mandates.$inferSelect;

export const mandateDebits = pgTable('mandate_debits', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  mandateId: bigint('mandate_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  periodNo: integer('period_no').notNull(),
  dueDate: date('due_date', { mode: 'string' }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  status: text('status').$type<MandateDebitStatus>().notNull().default('notified'),
  notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
  debitNotBefore: timestamp('debit_not_before', { withTimezone: true }).notNull(),
  gatewayRef: text('gateway_ref'),
  paymentId: bigint('payment_id', { mode: 'number' }),
  skipReason: text('skip_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MandateDebit = typeof mandateDebits.$inferSelect;
