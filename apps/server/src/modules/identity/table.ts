/** Drizzle's view of identity checks (migration 0027), beside the module that writes them; the SQL is the truth. */
import type { IdentityDocumentKind, Market } from '@kilat/contract';
import { bigint, date, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

export type IdentityCheckStatus = 'awaiting_otp' | 'pending' | 'verified' | 'failed';
export type IdentityFailure = 'name_mismatch' | 'birth_date_mismatch' | 'liveness_failed' | 'document_not_found';

export const identityChecks = pgTable('identity_checks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  market: text('market').$type<Market>().notNull(),
  documentKind: text('document_kind').$type<IdentityDocumentKind>().notNull(),
  provider: text('provider').notNull(),
  providerRef: text('provider_ref').notNull(),
  status: text('status').$type<IdentityCheckStatus>().notNull(),
  failure: text('failure').$type<IdentityFailure>(),
  givenName: text('given_name').notNull(),
  givenBirthDate: date('given_birth_date', { mode: 'string' }).notNull(),
  documentName: text('document_name'),
  documentBirthDate: date('document_birth_date', { mode: 'string' }),
  numberSealed: text('number_sealed').notNull(),
  numberLast4: text('number_last4').notNull(),
  aadhaarLast4: text('aadhaar_last4'),
  livenessScore: smallint('liveness_score'),
  selfieUpload: text('selfie_upload').notNull(),
  documentUpload: text('document_upload'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  replacedAt: timestamp('replaced_at', { withTimezone: true }),
});

export type IdentityCheckRow = typeof identityChecks.$inferSelect;
export type NewIdentityCheckRow = typeof identityChecks.$inferInsert;
