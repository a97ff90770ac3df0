/** What the console API answers, as types (the console app imports these, never zod). */
import type { PayoutListState } from './constants.js';
import type { OperatorRole, Permission, SlaState } from './roles.js';

export interface ConsoleEnvelope<T> {
  code: string;
  message: string;
  data: T | null;
}

export interface OperatorView {
  id: number;
  email: string;
  name: string;
  role: OperatorRole;
}

export interface SessionData {
  operator: OperatorView;
  permissions: Permission[];
  csrfToken: string;
  idleMinutes: number;
}

export interface QueueItem {
  id: number;
  createdAt: string;
  market: 'IN' | 'ID';
  problemType: number;
  typeTitle: string;
  sonTypeTitle: string;
  detail: string;
  /** the order complained about: the queue links its page (issue 47 item 10) */
  orderId: number;
  orderNo: string;
  borrowerId: number;
  status: 'open' | 'replied' | 'closed';
  collection: boolean;
  assignee: OperatorView | null;
  slaDueAt: string;
  sla: SlaState;
  score: number | null;
  /** the regulator's last day (decision 221) and whether the deadline job escalated it (decision 216) */
  regulatorDeadline: string | null;
  escalated: boolean;
}

export interface QueuePage {
  items: QueueItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ProblemTypeView {
  value: number;
  parentValue: number;
  titleEn: string;
  titleId: string;
}

export interface ReplyView {
  id: number;
  text: string;
  author: string;
  createdAt: string;
  images: string[];
}

export interface ChatRecordView {
  id: number;
  type: number;
  value: string;
  question: string;
  orderNo: string;
  createdAt: string;
}

export interface ComplaintView extends QueueItem {
  images: string[];
  replies: ReplyView[];
  borrower: { id: number; name: string; phone: string; market: 'IN' | 'ID' };
  order: { id: number; orderNo: string; status: number; principal: string; appliedAt: string; dueDate: string | null };
  chatRecords: ChatRecordView[];
  closedAt: string | null;
}

/** An order's money as the one waterfall replays it (issue 12): what each row did and what is still owed. */
export interface OrderLedgerView {
  orderNo: string;
  status: number;
  outstanding: string;
  penaltyOwed: string;
  periods: { periodNo: number; dueDate: string; fee: string; interest: string; principal: string; owed: string }[];
  rows: { id: number; kind: string; businessDate: string; amount: string; allocation: string }[];
  /** penalties of overdue days the accrual job has not posted yet (it posts them at its next run) */
  pending: { businessDate: string; amount: string }[];
}

/** A product on the products screen: what it offers, whether it is offered, and each market rule its configuration breaks (none for a product that may be offered). */
export interface ProductView {
  id: number;
  market: 'IN' | 'ID';
  code: string;
  name: string;
  description: string;
  amountMinMinor: number;
  amountMaxMinor: number;
  /** the slider's step */
  amountStepMinor: number;
  termDays: number;
  /** the terms a borrower may choose */
  termOptions: number[];
  periods: number;
  pricing: {
    dailyInterestBps: number;
    serviceFeeBps: number;
    penalty:
      | { kind: 'india-tiered'; flatNewClientMinor: number; flatRepeatClientMinor: number; tiers: { fromDay: number; bps: number }[] }
      | { kind: 'daily-capped'; dailyBps: number };
    extension: { days: number; feeBps: number } | null;
    totalCostCapBps: number | null;
    coolingOffDays?: number | null;
  };
  active: boolean;
  sortOrder: number;
  /** the logo borrowers see: an uploaded one (/product-logos/…), the default of the site (/logos/…) or empty */
  logoUrl: string;
  /** the rules the stored configuration breaks, in words */
  brokenRules: string[];
}

export interface TemplateView {
  id: number;
  problemType: number;
  name: string;
  bodyEn: string;
  bodyId: string;
  retired: boolean;
}

export interface AuditEntry {
  id: number;
  createdAt: string;
  operator: OperatorView | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  requestId: string;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** every action the log holds, for the filter (issue 47 item 10): review, write-off, refund, offline repayment, reminder, export, product… */
  actions: string[];
  total: number;
  page: number;
  pageSize: number;
}

/** An operator added or reset: the one-time link to hand them, where they set their own password and TOTP (decision 155). */
export interface EnrolmentLink {
  operator: OperatorView;
  /** `/console/enrol#<token>`: the token stays in the fragment, out of logs and Referer headers */
  enrolmentPath: string;
  expiresAt: string;
}

/** What the enrolment page shows the operator who opened their link. */
export interface EnrolmentView {
  email: string;
  name: string;
  totpSecret: string;
  otpauthUri: string;
  /** the otpauth URI as a QR code an authenticator app scans: an SVG data URL (decision 278) */
  otpauthQr: string;
  expiresAt: string;
}

export interface SignInRequestBody {
  email: string;
  password: string;
  code: string;
}

export interface OperatorListItem extends OperatorView {
  disabled: boolean;
  /** locked after failed sign-ins until this instant, or null */
  lockedUntil: string | null;
  /** false until they set their password and TOTP through their link */
  enrolled: boolean;
}

/** The queue's filters as the console sends them (the server's ComplaintQueueQuerySchema checks them). */
export interface ComplaintQueueFilter {
  status?: 'open' | 'replied' | 'closed' | 'all';
  type?: number | undefined;
  sonType?: number | undefined;
  market?: 'IN' | 'ID' | undefined;
  minAgeDays?: number | undefined;
  /** an operator id, 'me' or 'none' */
  assignee?: string | undefined;
  page?: number;
}

/** A chatbot node as the editor shows it: both languages, its place, whether it is retired. */
export interface QaTreeNode {
  id: number;
  parentId: number | null;
  actionType: number;
  sortOrder: number;
  titleEn: string;
  titleId: string;
  aliasEn: string;
  aliasId: string;
  retired: boolean;
}

export interface BorrowerChatRecords {
  borrower: { id: number; name: string; phone: string; market: 'IN' | 'ID' };
  records: ChatRecordView[];
}

/** One identity check of a borrower as the risk role sees it (issue 29): masked numbers, what was entered and read, short links to the images. */
export interface IdentityCheckView {
  id: number;
  market: 'IN' | 'ID';
  documentKind: 'pan_aadhaar' | 'nik_ktp';
  provider: string;
  status: 'awaiting_otp' | 'pending' | 'verified' | 'failed';
  failure: 'name_mismatch' | 'birth_date_mismatch' | 'liveness_failed' | 'document_not_found' | null;
  givenName: string;
  givenBirthDate: string;
  documentName: string | null;
  documentBirthDate: string | null;
  numberLast4: string;
  aadhaarLast4: string | null;
  livenessScore: number | null;
  selfieUrl: string;
  documentUrl: string | null;
  createdAt: string;
  decidedAt: string | null;
  /** the borrower's check in force; the others were replaced by a later attempt */
  current: boolean;
}

/** One order's latest payout attempt on the payouts screen (issue 28 item 6). */
export interface PayoutListItem {
  orderId: number;
  orderNo: string;
  market: 'IN' | 'ID';
  borrowerName: string;
  /** formatted in the market's money */
  amount: string;
  attempt: number;
  gateway: string;
  state: PayoutListState;
  /** the attempt's own status: queued, processing, processed, failed, cancelled, reversed */
  status: string;
  accountEnding: string;
  bankName: string;
  failureCode: string | null;
  /** the gateway's reason: why it failed, why it is held (low balance), or why the attempt before it failed */
  failureReason: string | null;
  retryable: boolean;
  utr: string | null;
  nextTryAt: string | null;
  updatedAt: string;
  loanCancelled: boolean;
}

export interface PayoutPage {
  items: PayoutListItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PayoutStateChangeView {
  status: string;
  at: string;
  gatewayPayoutId: string | null;
  utr: string | null;
  failureCode: string | null;
  failureReason: string | null;
  retryable: boolean;
}

export interface PayoutAttemptView {
  attempt: number;
  reference: string;
  idempotencyKey: string;
  gateway: string;
  gatewayPayoutId: string | null;
  accountEnding: string;
  bankName: string;
  amount: string;
  status: string;
  utr: string | null;
  failureCode: string | null;
  failureReason: string | null;
  retryable: boolean;
  tries: number;
  nextTryAt: string | null;
  changes: PayoutStateChangeView[];
}

/** What an operator may do with an order's payout now, and why not when they may not. */
export interface PayoutActionView {
  allowed: boolean;
  /** what the action would do, or why it is refused */
  explanation: string;
}

/** An order's payout attempts, oldest first, each with its state changes: the payout timeline. */
export interface PayoutTimeline {
  orderId: number;
  orderNo: string;
  market: 'IN' | 'ID';
  borrowerName: string;
  amount: string;
  disbursedAt: string | null;
  cancelledAt: string | null;
  attempts: PayoutAttemptView[];
  retry: PayoutActionView;
  cancelLoan: PayoutActionView;
}

export interface PayoutMismatchView {
  id: number;
  market: 'IN' | 'ID';
  gateway: string;
  businessDate: string;
  kind: 'missing_at_gateway' | 'missing_in_ledger' | 'amount_differs';
  movement: 'disbursement' | 'disbursement_reversal';
  gatewayPayoutId: string | null;
  reference: string | null;
  ledgerAmount: string | null;
  gatewayAmount: string | null;
  foundAt: string;
  resolvedAt: string | null;
  resolvedBy: OperatorView | null;
  resolutionNote: string | null;
}

export interface PayoutMismatchPage {
  items: PayoutMismatchView[];
  total: number;
  unresolved: number;
  page: number;
  pageSize: number;
}

/** What a search text matched (issue 31 item 1). */
export type BorrowerMatch = 'phone' | 'orderNo' | 'name' | 'card' | 'account';

export interface BorrowerSearchItem {
  id: number;
  name: string;
  /** masked: the first digits and the last four */
  phone: string;
  market: 'IN' | 'ID';
  createdAt: string;
  matched: BorrowerMatch[];
}

/** One page of a search, by borrower id; `next` is the cursor of the following page, null on the last. */
export interface BorrowerSearchPage {
  items: BorrowerSearchItem[];
  next: number | null;
}

export interface BorrowerOrderItem {
  id: number;
  orderNo: string;
  status: number;
  principal: string;
  appliedAt: string;
  dueDate: string | null;
}

/** A borrower as operators see them: everything about them, masked where it is a number. */
export interface BorrowerPageView {
  borrower: { id: number; name: string; phone: string; market: 'IN' | 'ID'; createdAt: string; repeatClient: boolean };
  /** the identity check's status at the KYC provider (issue 29): its document kind and the number's last four only */
  identity: {
    status: 'none' | 'pending' | 'verified' | 'failed';
    documentKind: 'pan_aadhaar' | 'nik_ktp' | null;
    last4: string | null;
  };
  orders: BorrowerOrderItem[];
  cards: { id: number; bankName: string; number: string; holderName: string; createdAt: string }[];
  accounts: {
    id: number;
    kind: string;
    bankName: string;
    number: string;
    holderName: string;
    validation: string;
    current: boolean;
    createdAt: string;
  }[];
  /** live sessions: `id` is the stored hash of the token, never the token */
  sessions: { id: string; deviceId: string; createdAt: string; expiresAt: string }[];
  sms: { id: number; purpose: string; status: string; body: string; createdAt: string; sentAt: string | null }[];
  messages: { id: number; kind: string; orderNo: string; shownAt: string; read: boolean }[];
  complaints: {
    id: number;
    problemType: number;
    detail: string;
    status: 'open' | 'replied' | 'closed';
    createdAt: string;
    orderId: number;
    orderNo: string;
  }[];
  chatRecords: ChatRecordView[];
}

/** One rule of the decision engine as an operator reads it (issue 47 defect 7): its name, outcome and what it read, in words. */
export interface RuleResultView {
  rule: string;
  label: string;
  outcome: 'pass' | 'fail' | 'review';
  /** what the rule read, money in the market's format: "amount ₹5,000.00 · maximum ₹4,000.00" */
  detail: string;
}

/** An order as operators see it: how it got here, what it owes today and why. */
export interface OrderPageView {
  order: {
    id: number;
    orderNo: string;
    borrowerId: number;
    borrowerName: string;
    market: 'IN' | 'ID';
    status: number;
    productName: string;
    principal: string;
    termDays: number;
    periods: number;
    appliedAt: string;
    dueDate: string | null;
    /** how a closed loan closed (issue 47 item 10): a write-off is not shown as repaid; null while open */
    closedAs: 'repaid' | 'written_off' | 'settled_by_agreement' | null;
  };
  /** oldest first: applied, decided (with the main reason of a rejection), each payout attempt, disbursed, due, paid off */
  timeline: { at: string; status: number | null; label: string; detail: string }[];
  /** the decision engine's verdict (issue 47 defect 7): the main reason the borrower was told, and every rule's result */
  decision: { mainReason: string; reapplyOn: string | null; rules: RuleResultView[] };
  /** what loan details shows today, by component */
  owedToday: { outstanding: string; penalty: string; fee: string; interest: string; principal: string; payoffToday: string | null };
  ledger: OrderLedgerView;
  payouts: {
    id: number;
    attempt: number;
    status: string;
    amount: string;
    account: string;
    utr: string;
    failure: string;
    createdAt: string;
  }[];
  payments: {
    id: string;
    method: string;
    purpose: string;
    amount: string;
    status: string;
    gateway: string;
    gatewayRef: string;
    createdAt: string;
    paidAt: string | null;
  }[];
  webhookEvents: { gateway: string; eventId: string; type: string; gatewayRef: string; receivedAt: string }[];
  /** India's AutoPay (issue 51 item 2): the order's mandates, newest first, each with its debits; read-only */
  mandates: {
    id: string;
    status: string;
    method: string;
    gateway: string;
    maxAmount: string;
    expiresAt: string;
    tokenRef: string;
    pausedBy: string;
    failure: string;
    createdAt: string;
    authorisedAt: string | null;
    endedAt: string | null;
    debits: {
      id: number;
      dueDate: string;
      amount: string;
      status: string;
      notifiedAt: string;
      debitNotBefore: string;
      paymentId: string;
      skipReason: string;
    }[];
  }[];
  waivers: WaiverView[];
  /** penalties owed today, in minor units: the most a waiver may ask */
  penaltyOwedMinor: number;
  /** waivers above this (minor units) wait for a second operator */
  waiverApprovalAboveMinor: number;
}

/** A penalty waiver: asked by one operator, approved by another above the configured amount (decision 157). */
export interface WaiverView {
  id: number;
  amount: string;
  amountMinor: number;
  reason: string;
  /** the checker's reason, when they gave one (decision 277) */
  decisionReason: string | null;
  status: 'pending' | 'approved' | 'rejected';
  requestedBy: { id: number; name: string };
  decidedBy: { id: number; name: string } | null;
  requestedAt: string;
  decidedAt: string | null;
}
