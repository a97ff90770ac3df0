/**
 * The books in the console (issue 47, decisions 260–262): the journal, the registers, provisioning,
 * TKB90, bank statements and the gateways' settlements as the console reads them, and their calls.
 * Browser-safe: no zod.
 */
import type { z } from 'zod';
import type {
  BooksRangeQuerySchema,
  BooksRegisterQuerySchema,
  ProvisioningQuerySchema,
  ProvisioningRateRequestSchema,
  SettlementLineResolveRequestSchema,
  SettlementLinesQuerySchema,
  SettlementReportUploadRequestSchema,
  StatementLinesQuerySchema,
  StatementResolveRequestSchema,
  StatementUploadRequestSchema,
  Tkb90QuerySchema,
} from './books.js';
import type { ProvisioningBucket, StatementFormat } from './books-constants.js';

export const BOOKS_EXPORT_PATH = '/books/export';

export interface JournalDayView {
  businessDate: string;
  lines: { account: string; name: string; debitMinor: number; creditMinor: number; debit: string; credit: string }[];
  debitMinor: number;
  creditMinor: number;
  /** debits equal credits */
  balanced: boolean;
}

export interface JournalView {
  market: 'IN' | 'ID';
  from: string;
  to: string;
  accounts: { code: string; name: string; type: string; holds: string }[];
  days: JournalDayView[];
  /** loans receivable at the end of `to`, summed from the journal's positions */
  receivableMinor: number;
  receivable: string;
  /** what the replay of every order says is owed at the end of `to`: equal to the receivable */
  owedByReplayMinor: number;
  owedByReplay: string;
}

export interface RegisterRowView {
  businessDate: string;
  orderId: number;
  orderNo: string;
  borrowerName: string;
  kind: string;
  amountMinor: number;
  amount: string;
  /** the gateway, or `bank` for a repayment received on Kilat's account */
  channel: string;
  reference: string;
  reversed: boolean;
}

export interface RegisterView {
  market: 'IN' | 'ID';
  kind: 'disbursements' | 'collections';
  rows: RegisterRowView[];
  totalMinor: number;
  total: string;
}

export interface ProvisioningView {
  market: 'IN' | 'ID';
  asOf: string;
  buckets: {
    bucket: ProvisioningBucket;
    loans: number;
    owedMinor: number;
    owed: string;
    rateBps: number;
    rate: string;
    provisionMinor: number;
    provision: string;
  }[];
  owedMinor: number;
  owed: string;
  provisionMinor: number;
  provision: string;
}

export interface Tkb90MonthView {
  /** YYYY-MM */
  month: string;
  asOf: string;
  outstandingMinor: number;
  /** of which more than 90 days past due */
  over90Minor: number;
  /** in basis points: 10,000 − over 90 / outstanding */
  tkb90Bps: number;
  tkb90: string;
}

export interface StatementView {
  id: number;
  market: 'IN' | 'ID';
  bankAccount: string;
  format: StatementFormat;
  fileName: string;
  credits: number;
  matched: number;
  unmatched: number;
  /** credits already read from an earlier upload */
  repeated: number;
  /** large offline repayments waiting for a second person whose credit this statement shows (decision 263) */
  waitingApprovals: number[];
  /** of those, approved by this upload: the uploader is not their maker */
  approved: number;
}

export interface StatementLineView {
  id: number;
  statementId: number;
  lineNo: number;
  bankAccount: string;
  valueDate: string;
  reference: string;
  narration: string;
  amountMinor: number;
  amount: string;
  status: 'matched' | 'unmatched' | 'resolved';
  match:
    | { kind: 'offline_repayment'; orderId: number; orderNo: string }
    | { kind: 'gateway_settlement'; gateway: string; businessDate: string }
    | null;
  resolution: { note: string; by: string; at: string } | null;
}

/** One gateway's day: what the ledger says came in through it, beside what the bank statement says it settled. */
export interface SettlementDayView {
  gateway: string;
  businessDate: string;
  payments: number;
  paymentsMinor: number;
  paymentsAmount: string;
  settledMinor: number;
  settled: string;
  differenceMinor: number;
  difference: string;
}

/** A line of a gateway's settlement report, or a payment of the ledger no report settled, against the ledger. */
export interface SettlementLineView {
  id: number;
  reportId: number | null;
  lineNo: number | null;
  gateway: string;
  /** the gateway's id of the line; our payment's reference for a payment no report settled */
  gatewayRef: string;
  settlementRef: string;
  /** what the gateway took, gross of its fee; null where no report settled it */
  amountMinor: number | null;
  amount: string | null;
  fee: string;
  tax: string;
  /** what the ledger's live rows of the payment add up to; null where the ledger holds no such payment */
  ledgerMinor: number | null;
  ledger: string | null;
  ledgerDate: string | null;
  payment: { publicId: string; orderId: number; orderNo: string } | null;
  status: 'matched' | 'missing_in_ledger' | 'amount_differs' | 'missing_at_gateway';
  resolution: { note: string; by: string; at: string } | null;
}

/** What an upload answers: the report's counts and its differences. */
export interface SettlementReportView {
  id: number;
  gateway: string;
  lines: number;
  matched: number;
  /** lines read before, by this upload or an earlier one */
  repeated: number;
  /** the report's lines that differ and the ledger's payments of its days it did not settle */
  differences: SettlementLineView[];
}

export const BooksEndpoints = {
  booksJournal: { method: 'GET', path: '/books/journal' },
  booksRegister: { method: 'GET', path: '/books/register' },
  booksProvisioning: { method: 'GET', path: '/books/provisioning' },
  changeProvisioningRate: { method: 'PUT', path: '/books/provisioning' },
  booksTkb90: { method: 'GET', path: '/books/tkb90' },
  uploadStatement: { method: 'POST', path: '/books/statements' },
  statementLines: { method: 'GET', path: '/books/statement-lines' },
  resolveStatementLine: { method: 'POST', path: '/books/statement-lines/:id/resolve' },
  gatewaySettlements: { method: 'GET', path: '/books/settlements' },
  uploadSettlementReport: { method: 'POST', path: '/books/settlement-reports' },
  settlementLines: { method: 'GET', path: '/books/settlement-lines' },
  resolveSettlementLine: { method: 'POST', path: '/books/settlement-lines/:id/resolve' },
} as const;

interface Call<Request, Data> {
  request: Request;
  data: Data;
}

export interface BooksCalls {
  booksJournal: Call<{ query: z.input<typeof BooksRangeQuerySchema> }, JournalView>;
  booksRegister: Call<{ query: z.input<typeof BooksRegisterQuerySchema> }, RegisterView>;
  booksProvisioning: Call<{ query: z.input<typeof ProvisioningQuerySchema> }, ProvisioningView>;
  changeProvisioningRate: Call<{ body: z.input<typeof ProvisioningRateRequestSchema> }, ProvisioningView>;
  booksTkb90: Call<{ query: z.input<typeof Tkb90QuerySchema> }, Tkb90MonthView[]>;
  uploadStatement: Call<{ body: z.input<typeof StatementUploadRequestSchema> }, StatementView>;
  statementLines: Call<{ query: z.input<typeof StatementLinesQuerySchema> }, StatementLineView[]>;
  resolveStatementLine: Call<{ id: number; body: z.input<typeof StatementResolveRequestSchema> }, StatementLineView>;
  gatewaySettlements: Call<{ query: z.input<typeof BooksRangeQuerySchema> }, SettlementDayView[]>;
  uploadSettlementReport: Call<{ body: z.input<typeof SettlementReportUploadRequestSchema> }, SettlementReportView>;
  settlementLines: Call<{ query: z.input<typeof SettlementLinesQuerySchema> }, SettlementLineView[]>;
  resolveSettlementLine: Call<{ id: number; body: z.input<typeof SettlementLineResolveRequestSchema> }, SettlementLineView>;
}
