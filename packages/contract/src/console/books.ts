/** The books and bank statement reconciliation's requests (issue 47, decisions 260–262). */
import { z } from 'zod';
import { BookReports, ProvisioningBuckets, SettlementReportFormats, StatementFormats } from './books-constants.js';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const market = z.enum(['IN', 'ID']);

/** A market and a range of its business dates (both inclusive; at most a year). */
export const BooksRangeQuerySchema = z.object({ market, from: isoDate, to: isoDate });

export const BooksRegisterQuerySchema = BooksRangeQuerySchema.extend({ kind: z.enum(['disbursements', 'collections']) });

export const ProvisioningQuerySchema = z.object({ market, asOf: isoDate.optional() });

/** TKB90 is Indonesia's (OJK): the last `months` month-ends. */
export const Tkb90QuerySchema = z.object({ months: z.coerce.number().int().min(1).max(24).default(12) });

/** One CSV of the books, audited as `books.export`. */
export const BooksExportQuerySchema = z.object({
  report: z.enum(BookReports),
  market,
  from: isoDate.optional(),
  to: isoDate.optional(),
  asOf: isoDate.optional(),
});

/** An admin's change of one bucket's provisioning rate, with a reason (audited). */
export const ProvisioningRateRequestSchema = z.object({
  market,
  bucket: z.enum(ProvisioningBuckets),
  rateBps: z.number().int().min(0).max(10_000),
  reason: z.string().trim().min(3).max(500),
});

/** A bank statement as the bank exported it: the file's text, read by the named format's column mapping (decision 261). */
export const StatementUploadRequestSchema = z.object({
  market,
  bankAccount: z.string().trim().min(1).max(40).optional(),
  format: z.enum(StatementFormats),
  fileName: z.string().trim().min(1).max(200),
  csv: z.string().min(1).max(2_000_000),
});

export const StatementLinesQuerySchema = z.object({
  market,
  status: z.enum(['unmatched', 'matched', 'resolved', 'all']).default('unmatched'),
});

/** What an operator found about a credit that matches nothing: kept in the audit log. */
export const StatementResolveRequestSchema = z.object({ note: z.string().trim().min(3).max(500) });

/** A gateway's settlement report as the gateway exports it: the file's text, read by the named format's documented columns (decision 276). */
export const SettlementReportUploadRequestSchema = z.object({
  format: z.enum(SettlementReportFormats),
  fileName: z.string().trim().min(1).max(200),
  csv: z.string().min(1).max(2_000_000),
});

export const SettlementLinesQuerySchema = z.object({
  market,
  status: z.enum(['open', 'matched', 'resolved', 'all']).default('open'),
});

/** What an operator found about a difference between a gateway's settlement and the ledger: kept in the audit log. */
export const SettlementLineResolveRequestSchema = z.object({ note: z.string().trim().min(3).max(500) });
