/** Drizzle's view of the tables; the SQL migrations in ./migrations are the source of truth. */
import type { Market } from '@kilat/contract';
import { bigint, boolean, date, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const minor = (name: string) => bigint(name, { mode: 'number' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const borrowers = pgTable('borrowers', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  phone: text('phone').notNull(),
  name: text('name').notNull().default(''),
  monthlySalaryMinor: minor('monthly_salary_minor').notNull().default(0),
  isRepeatClient: boolean('is_repeat_client').notNull().default(false),
  createdAt: createdAt(),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  deviceId: text('device_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const loginCodes = pgTable('login_codes', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** India: a flat fee on the first overdue day, then tiered daily rates; Indonesia: a capped daily rate (DESIGN §4). */
export type PenaltyPolicy =
  | { kind: 'india-tiered'; flatNewClientMinor: number; flatRepeatClientMinor: number; tiers: { fromDay: number; bps: number }[] }
  | { kind: 'daily-capped'; dailyBps: number };

export interface ProductPricing {
  dailyInterestBps: number;
  /** one-off service fee, in basis points of the principal */
  serviceFeeBps: number;
  penalty: PenaltyPolicy;
  extension: { days: number; feeBps: number } | null;
  /** the total cost may not exceed this share of the principal (Indonesia: 100 %) */
  totalCostCapBps: number | null;
}

export const products = pgTable('products', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  logoUrl: text('logo_url').notNull().default(''),
  description: text('description').notNull().default(''),
  amountMinMinor: minor('amount_min_minor').notNull(),
  amountMaxMinor: minor('amount_max_minor').notNull(),
  termDays: integer('term_days').notNull(),
  periods: integer('periods').notNull().default(1),
  pricing: jsonb('pricing').$type<ProductPricing>().notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const orders = pgTable('orders', {
  id: id(),
  orderNo: text('order_no').notNull(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  productId: bigint('product_id', { mode: 'number' }).notNull(),
  market: text('market').$type<Market>().notNull(),
  principalMinor: minor('principal_minor').notNull(),
  termDays: integer('term_days').notNull(),
  periods: integer('periods').notNull().default(1),
  pricing: jsonb('pricing').$type<ProductPricing>().notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
  decision: text('decision').$type<'approved' | 'rejected'>(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
  dueDate: date('due_date', { mode: 'string' }),
  isShow: smallint('is_show').notNull().default(0),
  createdAt: createdAt(),
});

export const orderPeriods = pgTable(
  'order_periods',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    periodNo: integer('period_no').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principalMinor: minor('principal_minor').notNull(),
    interestMinor: minor('interest_minor').notNull().default(0),
    feeMinor: minor('fee_minor').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.periodNo] })],
);

export type LedgerKind = 'disbursement' | 'repayment' | 'penalty' | 'extension_fee';

export const ledgerEntries = pgTable('ledger_entries', {
  id: id(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  kind: text('kind').$type<LedgerKind>().notNull(),
  amountMinor: minor('amount_minor').notNull(),
  periodNo: integer('period_no'),
  idempotencyKey: text('idempotency_key').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
});

export const smsMessages = pgTable('sms_messages', {
  id: id(),
  market: text('market').notNull(),
  phone: text('phone').notNull(),
  purpose: text('purpose').notNull(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

export type Borrower = typeof borrowers.$inferSelect;
export type Product = typeof products.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderPeriod = typeof orderPeriods.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;
