/** Drizzle's view of loan applications (migration 0013), beside the module that writes them; the SQL is the truth. */
import { bigint, boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const loanApplications = pgTable('loan_applications', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  productId: bigint('product_id', { mode: 'number' }).notNull(),
  name: text('name').notNull(),
  salaryMinor: bigint('salary_minor', { mode: 'number' }).notNull(),
  salaryPeriod: text('salary_period').$type<'month' | 'year'>().notNull(),
  employment: text('employment').notNull(),
  city: text('city').notNull(),
  /** migration 0026: the stated birth date and (Indonesia) marriage, and the amount and term chosen */
  birthDate: date('birth_date', { mode: 'string' }),
  married: boolean('married'),
  amountMinor: bigint('amount_minor', { mode: 'number' }),
  termDays: integer('term_days'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
