/** The books' fixed lists (issue 47, decisions 260–261), browser-safe: reports, provisioning buckets, statement formats. */

export const BookReports = ['journal', 'disbursements', 'collections', 'provisioning', 'tkb90'] as const;
export type BookReport = (typeof BookReports)[number];

export const ProvisioningBuckets = ['current', '1-30', '31-60', '61-90', '91-180', '181+'] as const;
export type ProvisioningBucket = (typeof ProvisioningBuckets)[number];

/** The bank exports a statement is read from (decision 261): HDFC Bank for India, Bank Mandiri for Indonesia. */
export const StatementFormats = ['hdfc', 'mandiri'] as const;
export type StatementFormat = (typeof StatementFormats)[number];

/** The gateways' settlement reports read against the ledger's payments (decision 276): Razorpay's recon for India, Xendit's transactions report for Indonesia. */
export const SettlementReportFormats = ['razorpay-recon', 'xendit-transactions'] as const;
export type SettlementReportFormat = (typeof SettlementReportFormats)[number];

/** Where a settled line stands against the ledger's payments. */
export const SettlementLineStatuses = ['matched', 'missing_in_ledger', 'amount_differs', 'missing_at_gateway'] as const;
export type SettlementLineStatus = (typeof SettlementLineStatuses)[number];
