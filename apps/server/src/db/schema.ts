/** Drizzle's view of the tables; the SQL migrations in ./migrations are the source of truth. */
import type { Locale, Market } from '@kilat/contract';
import { bigint, boolean, date, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { CouponKind } from '../lending/coupon.js';
import type { ProductPricing } from '../lending/product.js';

const minor = (name: string) => bigint(name, { mode: 'number' });
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** A one-time code sent by SMS: its hash, the tries at it, until when it holds and when it was used (login, registration, disbursal account). */
const sentCode = () => ({
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const borrowers = pgTable('borrowers', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  phone: text('phone').notNull(),
  name: text('name').notNull().default(''),
  monthlySalaryMinor: minor('monthly_salary_minor').notNull().default(0),
  isRepeatClient: boolean('is_repeat_client').notNull().default(false),
  /** what the application stated (migration 0026): the decision engine's age and employment rules read them */
  statedBirthDate: date('stated_birth_date', { mode: 'string' }),
  married: boolean('married'),
  employment: text('employment'),
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
  ...sentCode(),
});

// a product's pricing is the lending core's type: the rules and the table read one shape
export type { PenaltyPolicy, ProductPricing } from '../lending/product.js';

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
  /** the amount slider's step and the terms (days) a borrower may choose (migration 0026, decision 147) */
  amountStepMinor: minor('amount_step_minor').notNull(),
  termOptions: integer('term_options').array().notNull(),
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
  /** an approved loan the borrower cancelled before its money arrived (migration 0023, decision 136) */
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  dueDate: date('due_date', { mode: 'string' }),
  isShow: smallint('is_show').notNull().default(0),
  /** the client kind when the borrower applied: India's flat late fee depends on it */
  isRepeatClient: boolean('is_repeat_client').notNull().default(false),
  /** the business date the order was paid off; null while it is open */
  closedOn: date('closed_on', { mode: 'string' }),
  /** moves with every change to the order, its schedule, ledger or rating (migration 0016, decision 115) */
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
  /** the decision engine (migration 0026, decision 148): a rejection's main rule and when the borrower may apply again */
  decisionReason: text('decision_reason'),
  reapplyOn: date('reapply_on', { mode: 'string' }),
  /** an application waiting for the risk role (decision null) is decided by then (spec §9: within 1 day) */
  reviewDueAt: timestamp('review_due_at', { withTimezone: true }),
  /** the borrower withdrew the application before its money was sent (decision 149) */
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  /** the key fact statement the borrower signed (decision 150) */
  proposalNo: text('proposal_no'),
  createdAt: createdAt(),
});

export type RuleOutcome = 'pass' | 'fail' | 'review';

/** Each rule of the decision engine as it decided an order (migration 0026, decision 148). */
export const orderRuleResults = pgTable(
  'order_rule_results',
  {
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    rule: text('rule').notNull(),
    outcome: text('outcome').$type<RuleOutcome>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.rule] })],
);

/** The key fact statement's proposal (migration 0026, decision 150): unique number, valid until a business date. */
export const loanProposals = pgTable('loan_proposals', {
  id: id(),
  proposalNo: text('proposal_no').notNull(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  productId: bigint('product_id', { mode: 'number' }).notNull(),
  amountMinor: minor('amount_minor').notNull(),
  termDays: integer('term_days').notNull(),
  aprBps: integer('apr_bps').notNull(),
  totalRepaymentMinor: minor('total_repayment_minor').notNull(),
  issuedOn: date('issued_on', { mode: 'string' }).notNull(),
  validUntil: date('valid_until', { mode: 'string' }).notNull(),
  createdAt: createdAt(),
});
export type LoanProposal = typeof loanProposals.$inferSelect;

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

export type LedgerKind =
  | 'disbursement'
  | 'disbursement_reversal'
  | 'repayment'
  | 'penalty'
  | 'extension_fee'
  | 'interest_waiver'
  | 'cost_waiver'
  | 'penalty_waiver'
  /** what an order owed, taken off by an operator (decision 163) */
  | 'write_off'
  /** an overpayment paid back to the borrower, posted when the gateway confirms (decision 164) */
  | 'refund'
  /** a refund the bank returned: the overpayment is refundable again */
  | 'refund_reversal'
  /** a posted row undone, its id in `meta.reverses` (issue 47, decision 231) */
  | 'reversal'
  /** what a one-time settlement paid in time left unpaid, waived (issue 46) */
  | 'settlement_waiver'
  /** a coupon's discount on fees and interest, posted with the repayment that used it (issue 50, decision 250) */
  | 'coupon_discount'
  /** money received on a written-off loan: recovered, not repaid (issue 47, decision 238) */
  | 'recovery';

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

/** Time-driven work (modules/jobs): one row per job, claimed with a lease (migration 0007). */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lockedBy: text('locked_by'),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
  lastResult: jsonb('last_result').$type<Record<string, unknown>>().notNull().default({}),
});

export type Borrower = typeof borrowers.$inferSelect;
export type Product = typeof products.$inferSelect;
export type Order = typeof orders.$inferSelect;
export type OrderPeriod = typeof orderPeriods.$inferSelect;
export type LedgerEntry = typeof ledgerEntries.$inferSelect;

// Acquisition (issue 6): landing templates, tracking, captcha, registration, recommended products, joint login

export interface AgreementLink {
  title: string;
  url: string;
}

export const landingTemplates = pgTable('landing_templates', {
  id: text('id').primaryKey(),
  market: text('market').$type<Market>().notNull(),
  channel: text('channel').notNull(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  images: jsonb('images').$type<string[]>().notNull().default([]),
  backgroundColor: text('background_color').notNull(),
  textColor: text('text_color').notNull(),
  buttonColor: text('button_color').notNull(),
  buttonText: text('button_text').notNull(),
  agreements: jsonb('agreements').$type<AgreementLink[]>().notNull().default([]),
  downloadUrl: text('download_url').notNull().default(''),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

export const promotionEvents = pgTable('promotion_events', {
  id: id(),
  kind: text('kind').$type<'visit' | 'click'>().notNull(),
  pageId: text('page_id').notNull(),
  pageType: text('page_type').notNull(),
  clientType: text('client_type').notNull().default(''),
  userFrom: text('user_from').notNull().default(''),
  appFrom: text('app_from').notNull().default(''),
  utmTag: text('utm_tag').notNull().default(''),
  phone: text('phone').notNull().default(''),
  createdAt: createdAt(),
});

export type CaptchaState = 'fresh' | 'passed' | 'spent';

export const captchaSessions = pgTable('captcha_sessions', {
  sid: text('sid').primaryKey(),
  textHash: text('text_hash'),
  state: text('state').$type<CaptchaState>().notNull().default('fresh'),
  phone: text('phone'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const registrationCodes = pgTable('registration_codes', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  phone: text('phone').notNull(),
  ip: text('ip').notNull(),
  ...sentCode(),
});

/** the codes that allow changing a disbursal account (migration 0022, decision 134) */
export const disbursalAccountCodes = pgTable('disbursal_account_codes', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  phone: text('phone').notNull(),
  ...sentCode(),
});

export const registrations = pgTable('registrations', {
  id: id(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  templateId: text('template_id').notNull().default(''),
  deviceId: text('device_id').notNull().default(''),
  appName: text('app_name').notNull().default(''),
  merchantNumber: text('merchant_number').notNull().default(''),
  inviteCode: text('invite_code').notNull().default(''),
  userFrom: text('user_from').notNull().default(''),
  appFrom: text('app_from').notNull().default(''),
  utmTag: text('utm_tag').notNull().default(''),
  createdAt: createdAt(),
});

export const recommendedProducts = pgTable('recommended_products', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  logoUrl: text('logo_url').notNull().default(''),
  amountRange: text('amount_range').notNull(),
  amountRangeDes: text('amount_range_des').notNull(),
  loanRate: text('loan_rate').notNull(),
  description: text('description').notNull().default(''),
  tags: jsonb('tags').$type<string[]>().notNull().default([]),
  buttonText: text('button_text').notNull(),
  buttonStatus: smallint('button_status').notNull().default(1),
  target: text('target').notNull(),
  scenes: text('scenes').array().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** A scene of the catalogue and the module id its lists and applications report (spec §9; migration 0034, decision 167). */
export const recommendScenes = pgTable('recommend_scenes', {
  scene: text('scene').primaryKey(),
  moduleId: integer('module_id').notNull(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
});

export const recommendEvents = pgTable('recommend_events', {
  id: id(),
  kind: text('kind').$type<'page_event' | 'apply'>().notNull(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  productId: bigint('product_id', { mode: 'number' }).notNull(),
  moduleId: integer('module_id').notNull(),
  positionId: integer('position_id'),
  scene: text('scene'),
  createdAt: createdAt(),
});

export const jointLoginEvents = pgTable('joint_login_events', {
  id: id(),
  productId: bigint('product_id', { mode: 'number' }).notNull(),
  source: integer('source').notNull(),
  position: integer('position').notNull(),
  createdAt: createdAt(),
});

export type LandingTemplate = typeof landingTemplates.$inferSelect;
export type RecommendedProductRow = typeof recommendedProducts.$inferSelect;
export type RecommendSceneRow = typeof recommendScenes.$inferSelect;

// Complaints, uploads and the chatbot (issue 3); the tsvector column of qa_node_texts is read through SQL only.

export const problemTypes = pgTable(
  'problem_types',
  {
    parentValue: integer('parent_value').notNull().default(0),
    value: integer('value').notNull(),
    titleEn: text('title_en').notNull(),
    titleId: text('title_id').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.parentValue, table.value] })],
);

export type UploadContentType = 'image/jpeg' | 'image/png' | 'image/webp';
/** complaint evidence, an identity document or selfie (issue 29, migration 0027), or a product's logo (issue 47, migration 0055) */
export type UploadPurpose = 'evidence' | 'identity' | 'logo';

export const uploads = pgTable('uploads', {
  id: id(),
  name: text('name').notNull(),
  borrowerId: bigint('borrower_id', { mode: 'number' }),
  contentType: text('content_type').$type<UploadContentType>().notNull(),
  bytes: integer('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  purpose: text('purpose').$type<UploadPurpose>().notNull().default('evidence'),
  createdAt: createdAt(),
});

export const complaints = pgTable('complaints', {
  id: id(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  problemType: integer('problem_type').notNull(),
  problemSonType: integer('problem_son_type').notNull().default(0),
  detail: text('detail').notNull(),
  createdAt: createdAt(),
  repliedAt: timestamp('replied_at', { withTimezone: true }),
});

export const complaintImages = pgTable(
  'complaint_images',
  {
    complaintId: bigint('complaint_id', { mode: 'number' }).notNull(),
    position: smallint('position').notNull(),
    uploadId: bigint('upload_id', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.complaintId, table.position] })],
);

export const complaintReplies = pgTable('complaint_replies', {
  id: id(),
  complaintId: bigint('complaint_id', { mode: 'number' }).notNull(),
  text: text('text').notNull().default(''),
  author: text('author').notNull(),
  createdAt: createdAt(),
});

export const complaintReplyImages = pgTable(
  'complaint_reply_images',
  {
    replyId: bigint('reply_id', { mode: 'number' }).notNull(),
    position: smallint('position').notNull(),
    uploadId: bigint('upload_id', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.replyId, table.position] })],
);

export const complaintScores = pgTable('complaint_scores', {
  complaintId: bigint('complaint_id', { mode: 'number' }).primaryKey(),
  score: smallint('score').notNull(),
  createdAt: createdAt(),
});

export const qaNodes = pgTable('qa_nodes', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  parentId: bigint('parent_id', { mode: 'number' }),
  actionType: smallint('action_type').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** retired by the console's chatbot editor: borrowers no longer see it (issue 18) */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const qaNodeTexts = pgTable(
  'qa_node_texts',
  {
    nodeId: bigint('node_id', { mode: 'number' }).notNull(),
    locale: text('locale').$type<Locale>().notNull(),
    title: text('title').notNull(),
    alias: text('alias').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.nodeId, table.locale] })],
);

export const qaRecords = pgTable('qa_records', {
  id: id(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  type: smallint('type').notNull(),
  value: text('value').notNull(),
  qaId: bigint('qa_id', { mode: 'number' }),
  matchedIds: bigint('matched_ids', { mode: 'number' }).array().notNull().default([]),
  createdAt: createdAt(),
});

export type Upload = typeof uploads.$inferSelect;
export type Complaint = typeof complaints.$inferSelect;
export type QaNodeRow = typeof qaNodes.$inferSelect;

// Loans (issue 4): ratings of settled loans, loan-page events and agreement links

export const orderScores = pgTable('order_scores', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  score: smallint('score').notNull(),
  createdAt: createdAt(),
});

export const loanEvents = pgTable('loan_events', {
  id: id(),
  kind: text('kind').$type<'event' | 'recommended_tap'>().notNull(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  productId: bigint('product_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  moduleId: integer('module_id'),
  positionId: integer('position_id'),
  createdAt: createdAt(),
});

export const agreementLinks = pgTable('agreement_links', {
  tokenHash: text('token_hash').primaryKey(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  productId: bigint('product_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  position: integer('position').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** the proposal whose amount and term the agreement shows before there is an order (migration 0026) */
  proposalNo: text('proposal_no'),
  createdAt: createdAt(),
});

// Repayment (issue 5): bound cards, repay tokens, payments, their SMS codes, webhook events (0005)
export type PaymentPurpose = 'repay' | 'delay';
export type PaymentMethod = 'card' | 'virtual_account' | 'mini_market' | 'checkout' | 'upi' | 'ewallet' | 'qris' | 'autopay';
export type PaymentStatus = 'created' | 'awaiting_code' | 'submitted' | 'paid' | 'failed' | 'expired';

export const bankCards = pgTable('bank_cards', {
  id: id(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  market: text('market').$type<Market>().notNull(),
  bankCode: text('bank_code').notNull(),
  bankName: text('bank_name').notNull(),
  bin: text('bin').notNull(),
  last4: text('last4').notNull(),
  holderName: text('holder_name').notNull(),
  gateway: text('gateway').notNull(),
  gatewayToken: text('gateway_token').notNull(),
  requiresOtp: boolean('requires_otp').notNull().default(true),
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
});

export const repayTokens = pgTable('repay_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  purpose: text('purpose').$type<PaymentPurpose>().notNull(),
  amountMinor: minor('amount_minor').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
  /** the order's state its amount was checked on (migration 0018, decision 119): null when a commit must read the order again */
  orderRevision: bigint('order_revision', { mode: 'number' }),
  checkedOn: date('checked_on', { mode: 'string' }),
  extensionShiftDays: integer('extension_shift_days'),
});

export const payments = pgTable('payments', {
  id: id(),
  publicId: text('public_id').notNull(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  market: text('market').$type<Market>().notNull(),
  purpose: text('purpose').$type<PaymentPurpose>().notNull(),
  method: text('method').$type<PaymentMethod>().notNull(),
  amountMinor: minor('amount_minor').notNull(),
  status: text('status').$type<PaymentStatus>().notNull().default('created'),
  gateway: text('gateway').notNull(),
  gatewayRef: text('gateway_ref'),
  repayTokenHash: text('repay_token_hash'),
  cardId: bigint('card_id', { mode: 'number' }),
  payCode: text('pay_code'),
  specificNum: text('specific_num'),
  vcode: text('vcode'),
  extensionShiftDays: integer('extension_shift_days'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  failureReason: text('failure_reason'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentCodes = pgTable('payment_codes', {
  paymentId: bigint('payment_id', { mode: 'number' }).primaryKey(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  /** codes sent for this payment, resends included (0006) */
  sends: integer('sends').notNull().default(1),
});

export const webhookEvents = pgTable(
  'webhook_events',
  {
    gateway: text('gateway').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    gatewayRef: text('gateway_ref'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.gateway, table.eventId] })],
);

export type BankCardRow = typeof bankCards.$inferSelect;
export type RepayToken = typeof repayTokens.$inferSelect;
export type Payment = typeof payments.$inferSelect;

// The operators' console (issue 18)

export type OperatorRole = 'agent' | 'supervisor' | 'risk' | 'admin';

export const operators = pgTable('operators', {
  id: id(),
  email: text('email').notNull(),
  name: text('name').notNull(),
  role: text('role').$type<OperatorRole>().notNull(),
  /** null until the operator enrols through their link (migration 0028) */
  passwordHash: text('password_hash'),
  totpSecret: text('totp_secret'),
  lastTotpStep: bigint('last_totp_step', { mode: 'number' }).notNull().default(0),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const operatorSessions = pgTable('operator_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  csrfToken: text('csrf_token').notNull(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/** One-time enrolment links (migration 0028, decision 155): the operator sets their own password and TOTP. */
export const operatorEnrolments = pgTable('operator_enrolments', {
  tokenHash: text('token_hash').primaryKey(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  totpSecret: text('totp_secret').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: createdAt(),
});

export type OrderApprovalKind = 'penalty_waiver' | 'write_off' | 'refund' | 'offline_repayment' | 'reversal';

/** A request a second operator decides (decision 157): its state, who asked and who decided, and when (the four-eyes tables). */
const secondOperatorDecision = () => ({
  status: text('status').$type<'pending' | 'approved' | 'rejected'>().notNull(),
  requestedBy: bigint('requested_by', { mode: 'number' }).notNull(),
  decidedBy: bigint('decided_by', { mode: 'number' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

/**
 * Order actions asked by one operator and approved by another (never the maker): penalty waivers and
 * write-offs above the configured amount, every refund (migrations 0029 and 0032, decisions 157, 163, 164).
 */
export const orderApprovals = pgTable('order_approvals', {
  id: id(),
  kind: text('kind').$type<OrderApprovalKind>().notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  ...secondOperatorDecision(),
  /** what an approved request posts beside its amount (an offline repayment's reference, account and value date; migration 0038) */
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  /** the checker's reason for approving or rejecting (migration 0053, decision 277) */
  decisionReason: text('decision_reason'),
});

/**
 * One bank credit repays one loan (issue 47, decision 230): an offline repayment's claim on its
 * reference in a market's collection account; one live claim per market, account and reference.
 */
export const bankCreditClaims = pgTable('bank_credit_claims', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  bankAccount: text('bank_account').notNull(),
  bankReference: text('bank_reference').notNull(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  receivedOn: date('received_on', { mode: 'string' }).notNull(),
  ledgerEntryId: bigint('ledger_entry_id', { mode: 'number' }),
  approvalId: bigint('approval_id', { mode: 'number' }),
  claimedBy: bigint('claimed_by', { mode: 'number' }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  releasedAt: timestamp('released_at', { withTimezone: true }),
});

/** The control matrix (issue 47, decision 232): what may move without a second person, per market and action, summed per order and per operator a day. */
export const moneyControls = pgTable(
  'money_controls',
  {
    market: text('market').$type<Market>().notNull(),
    action: text('action').$type<'penalty_waiver' | 'write_off' | 'offline_repayment'>().notNull(),
    orderDayMinor: bigint('order_day_minor', { mode: 'number' }).notNull(),
    operatorDayMinor: bigint('operator_day_minor', { mode: 'number' }).notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.market, table.action] })],
);

/** A risk operator's approval of a rule exception, waiting for a second risk operator (migration 0031, decision 161). */
export const reviewApprovals = pgTable('review_approvals', {
  id: id(),
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  exceptions: jsonb('exceptions').$type<{ rule: string; outcome: string }[]>().notNull(),
  ...secondOperatorDecision(),
});

/** Failed console sign-ins per account (the email typed) and per address (migration 0028). */
export const consoleSignInLimits = pgTable(
  'console_sign_in_limits',
  {
    scope: text('scope').$type<'account' | 'address'>().notNull(),
    key: text('key').notNull(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.scope, table.key] })],
);

export const auditLog = pgTable('audit_log', {
  id: id(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  /** the role the operator held when they acted (migration 0053, decision 277); null on older rows */
  operatorRole: text('operator_role'),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id').notNull(),
  before: jsonb('before'),
  after: jsonb('after'),
  requestId: text('request_id').notNull(),
  createdAt: createdAt(),
});

export const complaintDesk = pgTable('complaint_desk', {
  complaintId: bigint('complaint_id', { mode: 'number' }).primaryKey(),
  assigneeId: bigint('assignee_id', { mode: 'number' }),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Each complaint's deadline under its market's grievance rule (issue 49, decision 221). */
export const complaintDeadlines = pgTable('complaint_deadlines', {
  complaintId: bigint('complaint_id', { mode: 'number' }).primaryKey(),
  market: text('market').$type<Market>().notNull(),
  receivedOn: date('received_on', { mode: 'string' }).notNull(),
  deadline: date('deadline', { mode: 'string' }).notNull(),
  extendedAt: timestamp('extended_at', { withTimezone: true }),
  extensionReason: text('extension_reason'),
  escalatedAt: timestamp('escalated_at', { withTimezone: true }),
});

export const replyTemplates = pgTable('reply_templates', {
  id: id(),
  problemType: integer('problem_type').notNull(),
  name: text('name').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyId: text('body_id').notNull(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export type Operator = typeof operators.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
export type ReplyTemplate = typeof replyTemplates.$inferSelect;

// Money that leaves Kilat (issue 28, migration 0019)

export type DisbursalAccountKind = 'bank' | 'upi' | 'ewallet';
export type DisbursalValidationStatus = 'pending' | 'valid' | 'invalid' | 'name_mismatch';

export const disbursalAccounts = pgTable('disbursal_accounts', {
  id: id(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  market: text('market').$type<Market>().notNull(),
  kind: text('kind').$type<DisbursalAccountKind>().notNull(),
  channelCode: text('channel_code').notNull(),
  bankName: text('bank_name').notNull(),
  holderName: text('holder_name').notNull(),
  last4: text('last4').notNull(),
  numberEncrypted: text('number_encrypted'),
  gateway: text('gateway').notNull(),
  gatewayAccountId: text('gateway_account_id'),
  validationStatus: text('validation_status').$type<DisbursalValidationStatus>().notNull().default('pending'),
  validationRef: text('validation_ref'),
  registeredName: text('registered_name'),
  nameMatchScore: smallint('name_match_score'),
  validatedAt: timestamp('validated_at', { withTimezone: true }),
  replacedAt: timestamp('replaced_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export type PayoutRowStatus = 'queued' | 'processing' | 'processed' | 'failed' | 'cancelled' | 'reversed';

/** Where a payout goes: the order, the borrower, their account, the market and the gateway (a disbursal attempt and a refund alike). */
const payoutDestination = () => ({
  orderId: bigint('order_id', { mode: 'number' }).notNull(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  disbursalAccountId: bigint('disbursal_account_id', { mode: 'number' }).notNull(),
  market: text('market').$type<Market>().notNull(),
  gateway: text('gateway').notNull(),
});

/** A payout as the gateway holds it: amount, idempotency key, state, the gateway's id and UTR, and why it failed. */
const payoutAtGateway = () => ({
  amountMinor: minor('amount_minor').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  status: text('status').$type<PayoutRowStatus>().notNull().default('queued'),
  gatewayPayoutId: text('gateway_payout_id'),
  utr: text('utr'),
  failureCode: text('failure_code'),
  failureReason: text('failure_reason'),
});

/** A payout's tries by the pipeline's job, the days it was processed or came back, and its row's times. */
const payoutProgress = () => ({
  tries: integer('tries').notNull().default(0),
  claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull().defaultNow(),
  processedOn: date('processed_on', { mode: 'string' }),
  reversedOn: date('reversed_on', { mode: 'string' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const payouts = pgTable('payouts', {
  id: id(),
  publicId: text('public_id').notNull(),
  ...payoutDestination(),
  attempt: integer('attempt').notNull(),
  ...payoutAtGateway(),
  retryable: boolean('retryable').notNull().default(false),
  ...payoutProgress(),
});

/** A refund's payout (migration 0032, decision 164): the payout pipeline's outbox row, apart from the disbursal attempts. */
export const refundPayouts = pgTable('refund_payouts', {
  id: id(),
  publicId: text('public_id').notNull(),
  approvalId: bigint('approval_id', { mode: 'number' }).notNull(),
  ...payoutDestination(),
  ...payoutAtGateway(),
  ...payoutProgress(),
});
export type RefundPayoutRow = typeof refundPayouts.$inferSelect;

export type DisbursalAccount = typeof disbursalAccounts.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;

export type PayoutMismatchKind = 'missing_at_gateway' | 'missing_in_ledger' | 'amount_differs';
export type PayoutMovement = 'disbursement' | 'disbursement_reversal';

/** What the daily payout reconciliation found the ledger and the gateway's statement disagree on (migration 0024, decision 140). */
export const payoutMismatches = pgTable('payout_mismatches', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  gateway: text('gateway').notNull(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  kind: text('kind').$type<PayoutMismatchKind>().notNull(),
  movement: text('movement').$type<PayoutMovement>().notNull(),
  gatewayPayoutId: text('gateway_payout_id'),
  reference: text('reference'),
  ledgerAmountMinor: minor('ledger_amount_minor'),
  gatewayAmountMinor: minor('gateway_amount_minor'),
  foundAt: timestamp('found_at', { withTimezone: true }).notNull(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  resolvedBy: bigint('resolved_by', { mode: 'number' }),
  resolutionNote: text('resolution_note'),
});
export type PayoutMismatch = typeof payoutMismatches.$inferSelect;

/** Each state a payout attempt passed through, written by the database's triggers on payouts (migration 0025, decision 142). */
export const payoutStateChanges = pgTable('payout_state_changes', {
  id: id(),
  payoutId: bigint('payout_id', { mode: 'number' }).notNull(),
  status: text('status').$type<PayoutRowStatus>().notNull(),
  gatewayPayoutId: text('gateway_payout_id'),
  utr: text('utr'),
  failureCode: text('failure_code'),
  failureReason: text('failure_reason'),
  retryable: boolean('retryable').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

/** The dashboard's figures of each market's closed business days, kept by the dashboard-summary job (migration 0036, decision 166). */
export const dashboardDays = pgTable(
  'dashboard_days',
  {
    market: text('market').$type<Market>().notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    disbursedCount: integer('disbursed_count').notNull(),
    disbursedMinor: minor('disbursed_minor').notNull(),
    repaidCount: integer('repaid_count').notNull(),
    repaidMinor: minor('repaid_minor').notNull(),
    penaltiesAccruedCount: integer('penalties_accrued_count').notNull(),
    penaltiesAccruedMinor: minor('penalties_accrued_minor').notNull(),
    penaltiesWaivedCount: integer('penalties_waived_count').notNull(),
    penaltiesWaivedMinor: minor('penalties_waived_minor').notNull(),
    payoutsFailedCount: integer('payouts_failed_count').notNull(),
    payoutsFailedMinor: minor('payouts_failed_minor').notNull(),
    payoutsReversedCount: integer('payouts_reversed_count').notNull(),
    payoutsReversedMinor: minor('payouts_reversed_minor').notNull(),
    /** the highest ledger and payout-change ids the figures saw: a later row of that day makes the dashboard read it live */
    ledgerThrough: bigint('ledger_through', { mode: 'number' }).notNull(),
    payoutChangesThrough: bigint('payout_changes_through', { mode: 'number' }).notNull(),
    summarisedAt: timestamp('summarised_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.market, table.businessDate] })],
);

/** Each market's open loans by days-past-due bucket as the dashboard-summary job last counted them (migration 0036). */
export const dashboardOpenBook = pgTable('dashboard_open_book', {
  market: text('market').$type<Market>().primaryKey(),
  businessDate: date('business_date', { mode: 'string' }).notNull(),
  asOf: timestamp('as_of', { withTimezone: true }).notNull(),
  buckets: jsonb('buckets').$type<{ bucket: string; loans: number; principalMinor: number }[]>().notNull(),
});

/** Coupon campaigns (migration 0042, issue 50): what a coupon takes off, who receives it, how long it holds, the budget. */
export type CouponAudience = 'first_loan' | 'repaid_on_time' | 'list' | 'everyone';
export const couponCampaigns = pgTable('coupon_campaigns', {
  id: id(),
  market: text('market').$type<Market>().notNull(),
  name: text('name').notNull(),
  kind: text('kind').$type<CouponKind>().notNull(),
  value: integer('value').notNull(),
  audience: text('audience').$type<CouponAudience>().notNull(),
  validFrom: date('valid_from', { mode: 'string' }),
  validTo: date('valid_to', { mode: 'string' }),
  validDays: integer('valid_days'),
  minAmountMinor: minor('min_amount_minor').notNull().default(0),
  budgetMinor: minor('budget_minor').notNull(),
  paused: boolean('paused').notNull().default(false),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: createdAt(),
});
export type CouponCampaign = typeof couponCampaigns.$inferSelect;

/** A coupon issued to a borrower (migration 0042): held by a repay token's open payment, used once by a paid one. */
export const coupons = pgTable('coupons', {
  id: id(),
  publicId: text('public_id').notNull(),
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
  borrowerId: bigint('borrower_id', { mode: 'number' }).notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
  heldByToken: text('held_by_token'),
  heldMinor: minor('held_minor'),
  usedPayment: text('used_payment'),
  usedMinor: minor('used_minor'),
  usedAt: timestamp('used_at', { withTimezone: true }),
});
export type Coupon = typeof coupons.$inferSelect;

/** A list or everyone issue of a campaign (migration 0048, decision 254): asked by one operator, above the threshold approved by another. */
export const couponIssues = pgTable('coupon_issues', {
  id: id(),
  campaignId: bigint('campaign_id', { mode: 'number' }).notNull(),
  source: text('source').$type<'list' | 'everyone'>().notNull(),
  borrowerIds: jsonb('borrower_ids').$type<number[]>().notNull(),
  faceMinor: minor('face_minor').notNull(),
  reason: text('reason').notNull(),
  issued: integer('issued'),
  ...secondOperatorDecision(),
});
export type CouponIssue = typeof couponIssues.$inferSelect;
/**
 * What each disbursed loan owes after its latest posting, from the ledger's replay (migration 0044,
 * decision 235): written only by the ledger module beside the rows it posts; the dashboard reads it.
 */
export const loanPositions = pgTable('loan_positions', {
  orderId: bigint('order_id', { mode: 'number' }).primaryKey(),
  principalOwedMinor: minor('principal_owed_minor').notNull(),
  owedMinor: minor('owed_minor').notNull(),
  oldestDue: date('oldest_due', { mode: 'string' }),
  ledgerThrough: bigint('ledger_through', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
