/** Drizzle's view of the collections tables (migration 0041), beside the module that owns them; the SQL is the truth. */
import type { Market } from '@kilat/contract';
import type { CaseCloseReason, ContactChannel, ContactOutcome, ContactStopKind } from '@kilat/contract/console';
import { bigint, boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ref = (name: string) => bigint(name, { mode: 'number' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const collectionSettings = pgTable('collection_settings', {
  market: text('market').$type<Market>().primaryKey(),
  dailyContactCap: integer('daily_contact_cap').notNull(),
  settlementApprovalAboveBps: integer('settlement_approval_above_bps').notNull().default(2000),
});

export const collectionStages = pgTable('collection_stages', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  fromDay: integer('from_day').notNull(),
  toDay: integer('to_day'),
  retentionDays: integer('retention_days').notNull(),
  rule: text('rule').$type<'round_robin_weight'>().notNull(),
});

export const collectionTeams = pgTable('collection_teams', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  name: text('name').notNull(),
  kind: text('kind').$type<'in_house' | 'agency'>().notNull(),
  contact: text('contact').notNull(),
  active: boolean('active').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const collectors = pgTable('collectors', {
  id: id(),
  operatorId: ref('operator_id').notNull(),
  teamId: ref('team_id').notNull(),
  market: text('market').$type<Market>().notNull(),
  stageCodes: text('stage_codes').array().notNull(),
  weight: integer('weight').notNull(),
  capacity: integer('capacity').notNull(),
  active: boolean('active').notNull(),
});

export const collectionCases = pgTable('collection_cases', {
  id: id(),
  orderId: ref('order_id').notNull(),
  borrowerId: ref('borrower_id').notNull(),
  market: text('market').$type<Market>().notNull(),
  openedOn: date('opened_on', { mode: 'string' }).notNull(),
  closedOn: date('closed_on', { mode: 'string' }),
  closeReason: text('close_reason').$type<CaseCloseReason>(),
  daysPastDue: integer('days_past_due').notNull(),
  classification: text('classification').notNull(),
  stageCode: text('stage_code'),
  owedMinor: bigint('owed_minor', { mode: 'number' }).notNull(),
  collectorId: ref('collector_id'),
  allocatedOn: date('allocated_on', { mode: 'string' }),
  retainedUntil: date('retained_until', { mode: 'string' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CollectionCase = typeof collectionCases.$inferSelect;

export const orderClassifications = pgTable(
  'order_classifications',
  {
    orderId: ref('order_id').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    classification: text('classification').notNull(),
    daysPastDue: integer('days_past_due').notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.businessDate] })],
);

export const caseAllocations = pgTable('case_allocations', {
  id: id(),
  caseId: ref('case_id').notNull(),
  action: text('action').$type<'allocate' | 'reassign' | 'retain' | 'release'>().notNull(),
  collectorId: ref('collector_id'),
  stageCode: text('stage_code'),
  operatorId: ref('operator_id'),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const collectionContacts = pgTable('collection_contacts', {
  id: id(),
  caseId: ref('case_id').notNull(),
  borrowerId: ref('borrower_id').notNull(),
  operatorId: ref('operator_id'),
  channel: text('channel').$type<ContactChannel>().notNull(),
  outcome: text('outcome').$type<ContactOutcome>().notNull(),
  note: text('note').notNull(),
  localDate: date('local_date', { mode: 'string' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** when the collector means to follow up (decision 215) */
  followUpAt: timestamp('follow_up_at', { withTimezone: true }),
});

export const sandboxClock = pgTable('sandbox_clock', {
  scope: text('scope').$type<'collection-contact'>().primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull(),
  setAt: timestamp('set_at', { withTimezone: true }).notNull(),
});

export const promisesToPay = pgTable('promises_to_pay', {
  id: id(),
  caseId: ref('case_id').notNull(),
  orderId: ref('order_id').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  promisedOn: date('promised_on', { mode: 'string' }).notNull(),
  repaidBeforeMinor: bigint('repaid_before_minor', { mode: 'number' }).notNull(),
  status: text('status').$type<'open' | 'kept' | 'broken'>().notNull(),
  decidedOn: date('decided_on', { mode: 'string' }),
  operatorId: ref('operator_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
});

export const contactStops = pgTable('contact_stops', {
  id: id(),
  borrowerId: ref('borrower_id').notNull(),
  kind: text('kind').$type<ContactStopKind>().notNull(),
  reason: text('reason').notNull(),
  setBy: ref('set_by'),
  setAt: timestamp('set_at', { withTimezone: true }).notNull(),
  liftedBy: ref('lifted_by'),
  liftedAt: timestamp('lifted_at', { withTimezone: true }),
  liftReason: text('lift_reason'),
});

export const agencyNotices = pgTable(
  'agency_notices',
  {
    borrowerId: ref('borrower_id').notNull(),
    teamId: ref('team_id').notNull(),
    caseId: ref('case_id').notNull(),
    notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.borrowerId, table.teamId] })],
);

export const settlements = pgTable('settlements', {
  id: id(),
  caseId: ref('case_id').notNull(),
  orderId: ref('order_id').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  owedMinor: bigint('owed_minor', { mode: 'number' }).notNull(),
  validUntil: date('valid_until', { mode: 'string' }).notNull(),
  reason: text('reason').notNull(),
  repaidBeforeMinor: bigint('repaid_before_minor', { mode: 'number' }).notNull(),
  status: text('status').$type<'pending' | 'offered' | 'rejected' | 'paid' | 'expired'>().notNull(),
  requestedBy: ref('requested_by').notNull(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  decidedBy: ref('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  waivedMinor: bigint('waived_minor', { mode: 'number' }),
});
