/**
 * Every call of the console API (issue 18) in one table, as `Endpoints` is for the borrower's
 * calls: its method and its path under CONSOLE_API_PREFIX, `:id` its one path parameter. The
 * console app's client takes its request and answer types from `ConsoleCalls` (issue 27). The
 * request bodies are the server's own schemas' types, imported as types only: this module stays
 * without a runtime dependency, so the browser may import it.
 */
import type { z } from 'zod';
import type { ApprovalInboxView } from './approvals.js';
import { type BooksCalls, BooksEndpoints } from './books-data.js';
import type {
  CatalogueProductRequestSchema,
  CatalogueProductView,
  CatalogueView,
  LandingTemplateRequestSchema,
  LandingTemplateView,
  RecommendSceneRequestSchema,
  RecommendSceneView,
} from './catalogue.js';
import { type CollectionsCalls, CollectionsEndpoints } from './collections-data.js';
import type {
  CouponCampaignRequestSchema,
  CouponCampaignView,
  CouponFiguresView,
  CouponIssueRequestSchema,
  CouponIssueView,
} from './coupons.js';
import type { DashboardListPage, DashboardView } from './dashboard.js';
import type {
  AuditPage,
  BorrowerChatRecords,
  BorrowerPageView,
  BorrowerSearchPage,
  ComplaintQueueFilter,
  ComplaintView,
  EnrolmentLink,
  EnrolmentView,
  IdentityCheckView,
  OperatorListItem,
  OrderLedgerView,
  OrderPageView,
  PayoutMismatchPage,
  PayoutMismatchView,
  PayoutPage,
  PayoutTimeline,
  ProblemTypeView,
  ProductView,
  QaTreeNode,
  QueuePage,
  RuleResultView,
  SessionData,
  TemplateView,
} from './data.js';
import type { MoneyControlRequestSchema, MoneyControlView } from './money-controls.js';
import type {
  OfflineRepaymentRequestSchema,
  RefundRequestSchema,
  ReminderResendRequestSchema,
  ReversalRequestSchema,
  WriteOffRequestSchema,
} from './order-actions.js';
import type { OfflineRepaymentResult, OrderActionsView } from './order-actions-data.js';
import type {
  AssignRequestSchema,
  AuditQuerySchema,
  BorrowerSearchQuerySchema,
  ChangeRoleRequestSchema,
  CheckerDecision,
  CreateOperatorRequestSchema,
  DashboardListQuerySchema,
  DashboardQuerySchema,
  EnrolmentOpenRequestSchema,
  EnrolRequestSchema,
  MismatchQuerySchema,
  PayoutActionSchema,
  PayoutQuerySchema,
  ProductRequestSchema,
  QaNodeCreateSchema,
  QaNodeMoveSchema,
  QaNodeUpdateSchema,
  ResolveMismatchSchema,
  ReviewDecisionSchema,
  RevokeSessionsRequestSchema,
  SignInRequestSchema,
  TemplateQuerySchema,
  TemplateRequestSchema,
  WaiverRequestSchema,
} from './schemas.js';

export type ConsoleMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ConsoleEndpoint {
  method: ConsoleMethod;
  /** path after CONSOLE_API_PREFIX; `:id` is filled from the request's id */
  path: string;
  /** a reply's text and images come as multipart (REPLY_IMAGE_FIELD); every other body is JSON */
  body?: 'multipart';
}

export const ConsoleEndpoints = {
  session: { method: 'GET', path: '/session' },
  signIn: { method: 'POST', path: '/session' },
  signOut: { method: 'DELETE', path: '/session' },
  problemTypes: { method: 'GET', path: '/problem-types' },
  reviews: { method: 'GET', path: '/reviews' },
  decideReview: { method: 'POST', path: '/reviews/:id/decide' },
  confirmReview: { method: 'POST', path: '/reviews/:id/confirm' },
  queue: { method: 'GET', path: '/complaints' },
  complaint: { method: 'GET', path: '/complaints/:id' },
  orderLedger: { method: 'GET', path: '/complaints/:id/ledger' },
  borrowerIdentity: { method: 'GET', path: '/borrowers/:id/identity' },
  assign: { method: 'POST', path: '/complaints/:id/assign' },
  reply: { method: 'POST', path: '/complaints/:id/reply', body: 'multipart' },
  close: { method: 'POST', path: '/complaints/:id/close' },
  reopen: { method: 'POST', path: '/complaints/:id/reopen' },
  templates: { method: 'GET', path: '/templates' },
  addTemplate: { method: 'POST', path: '/templates' },
  changeTemplate: { method: 'PUT', path: '/templates/:id' },
  operators: { method: 'GET', path: '/operators' },
  addOperator: { method: 'POST', path: '/operators' },
  changeOperatorRole: { method: 'POST', path: '/operators/:id/role' },
  disableOperator: { method: 'POST', path: '/operators/:id/disable' },
  enableOperator: { method: 'POST', path: '/operators/:id/enable' },
  unlockOperator: { method: 'POST', path: '/operators/:id/unlock' },
  resetOperator: { method: 'POST', path: '/operators/:id/reset' },
  openEnrolment: { method: 'POST', path: '/enrolment/open' },
  enrol: { method: 'POST', path: '/enrolment' },
  audit: { method: 'GET', path: '/audit' },
  chatbotTree: { method: 'GET', path: '/chatbot/nodes' },
  addNode: { method: 'POST', path: '/chatbot/nodes' },
  changeNode: { method: 'PUT', path: '/chatbot/nodes/:id' },
  moveNode: { method: 'POST', path: '/chatbot/nodes/:id/move' },
  retireNode: { method: 'POST', path: '/chatbot/nodes/:id/retire' },
  restoreNode: { method: 'POST', path: '/chatbot/nodes/:id/restore' },
  borrowerChatRecords: { method: 'GET', path: '/borrowers/:id/chat-records' },
  products: { method: 'GET', path: '/products' },
  addProduct: { method: 'POST', path: '/products' },
  changeProduct: { method: 'PUT', path: '/products/:id' },
  activateProduct: { method: 'POST', path: '/products/:id/activate' },
  retireProduct: { method: 'POST', path: '/products/:id/retire' },
  uploadProductLogo: { method: 'POST', path: '/products/:id/logo', body: 'multipart' },
  payouts: { method: 'GET', path: '/payouts' },
  payoutTimeline: { method: 'GET', path: '/payouts/orders/:id' },
  retryPayout: { method: 'POST', path: '/payouts/orders/:id/retry' },
  cancelLoan: { method: 'POST', path: '/payouts/orders/:id/cancel-loan' },
  payoutMismatches: { method: 'GET', path: '/payout-mismatches' },
  resolveMismatch: { method: 'POST', path: '/payout-mismatches/:id/resolve' },
  searchBorrowers: { method: 'GET', path: '/borrowers' },
  borrower: { method: 'GET', path: '/borrowers/:id' },
  revokeBorrowerSessions: { method: 'POST', path: '/borrowers/:id/sessions/revoke' },
  order: { method: 'GET', path: '/orders/:id' },
  requestWaiver: { method: 'POST', path: '/orders/:id/penalty-waivers' },
  approveWaiver: { method: 'POST', path: '/penalty-waivers/:id/approve' },
  rejectWaiver: { method: 'POST', path: '/penalty-waivers/:id/reject' },
  catalogue: { method: 'GET', path: '/catalogue' },
  saveRecommendScene: { method: 'PUT', path: '/catalogue/scenes/:id' },
  addCatalogueProduct: { method: 'POST', path: '/catalogue/products' },
  changeCatalogueProduct: { method: 'PUT', path: '/catalogue/products/:id' },
  landingTemplates: { method: 'GET', path: '/landing-templates' },
  addLandingTemplate: { method: 'POST', path: '/landing-templates' },
  changeLandingTemplate: { method: 'PUT', path: '/landing-templates/:id' },
  // the order page's actions (issue 31 item 2, decisions 163 and 164)
  orderActions: { method: 'GET', path: '/orders/:id/actions' },
  requestWriteOff: { method: 'POST', path: '/orders/:id/write-offs' },
  approveWriteOff: { method: 'POST', path: '/write-offs/:id/approve' },
  rejectWriteOff: { method: 'POST', path: '/write-offs/:id/reject' },
  recordOfflineRepayment: { method: 'POST', path: '/orders/:id/offline-repayments' },
  approveOfflineRepayment: { method: 'POST', path: '/offline-repayments/:id/approve' },
  rejectOfflineRepayment: { method: 'POST', path: '/offline-repayments/:id/reject' },
  requestReversal: { method: 'POST', path: '/orders/:id/reversals' },
  approveReversal: { method: 'POST', path: '/reversals/:id/approve' },
  rejectReversal: { method: 'POST', path: '/reversals/:id/reject' },
  // the control matrix (issue 47, decision 232)
  moneyControls: { method: 'GET', path: '/money-controls' },
  changeMoneyControl: { method: 'PUT', path: '/money-controls' },
  // coupons (issue 50, decision 253)
  couponCampaigns: { method: 'GET', path: '/coupon-campaigns' },
  createCouponCampaign: { method: 'POST', path: '/coupon-campaigns' },
  pauseCouponCampaign: { method: 'POST', path: '/coupon-campaigns/:id/pause' },
  resumeCouponCampaign: { method: 'POST', path: '/coupon-campaigns/:id/resume' },
  // issuing a list or everyone campaign, its second person, and the cost and effect (decision 254)
  issueCouponCampaign: { method: 'POST', path: '/coupon-campaigns/:id/issues' },
  couponIssues: { method: 'GET', path: '/coupon-issues' },
  approveCouponIssue: { method: 'POST', path: '/coupon-issues/:id/approve' },
  rejectCouponIssue: { method: 'POST', path: '/coupon-issues/:id/reject' },
  couponFigures: { method: 'GET', path: '/coupon-figures' },
  requestRefund: { method: 'POST', path: '/orders/:id/refunds' },
  approveRefund: { method: 'POST', path: '/refunds/:id/approve' },
  rejectRefund: { method: 'POST', path: '/refunds/:id/reject' },
  resendReminder: { method: 'POST', path: '/orders/:id/reminders' },
  dashboard: { method: 'GET', path: '/dashboard' },
  dashboardList: { method: 'GET', path: '/dashboard/list' },
  // one approvals inbox (issue 47, decision 239)
  approvals: { method: 'GET', path: '/approvals' },
  ...CollectionsEndpoints,
  ...BooksEndpoints,
} as const satisfies Record<string, ConsoleEndpoint>;

export type ConsoleCallName = keyof typeof ConsoleEndpoints;

/** What one call takes (the path's id, a GET's query, a change's body) and what its envelope's data is. */
interface Call<Request, Data> {
  request: Request;
  data: Data;
}
type ById = { id: number };
/** a multipart body: the client sends the browser's FormData as it is */
type Multipart = { multipart: true };

export interface ConsoleCalls extends CollectionsCalls, BooksCalls {
  session: Call<Record<never, never>, SessionData>;
  signIn: Call<{ body: z.infer<typeof SignInRequestSchema> }, SessionData>;
  signOut: Call<Record<never, never>, null>;
  problemTypes: Call<Record<never, never>, ProblemTypeView[]>;
  queue: Call<{ query: ComplaintQueueFilter }, QueuePage>;
  complaint: Call<ById, ComplaintView>;
  orderLedger: Call<ById, OrderLedgerView>;
  borrowerIdentity: Call<ById, { checks: IdentityCheckView[] }>;
  assign: Call<ById & { body: z.infer<typeof AssignRequestSchema> }, null>;
  reply: Call<ById & { body: Multipart }, { replyId: number; imageUrls: string[] }>;
  close: Call<ById, null>;
  reopen: Call<ById, null>;
  templates: Call<{ query: z.infer<typeof TemplateQuerySchema> }, TemplateView[]>;
  addTemplate: Call<{ body: z.infer<typeof TemplateRequestSchema> }, TemplateView>;
  changeTemplate: Call<ById & { body: z.infer<typeof TemplateRequestSchema> }, TemplateView>;
  operators: Call<Record<never, never>, OperatorListItem[]>;
  addOperator: Call<{ body: z.infer<typeof CreateOperatorRequestSchema> }, EnrolmentLink>;
  changeOperatorRole: Call<ById & { body: z.infer<typeof ChangeRoleRequestSchema> }, null>;
  disableOperator: Call<ById, null>;
  enableOperator: Call<ById, null>;
  unlockOperator: Call<ById, null>;
  resetOperator: Call<ById, EnrolmentLink>;
  openEnrolment: Call<{ body: z.infer<typeof EnrolmentOpenRequestSchema> }, EnrolmentView>;
  enrol: Call<{ body: z.infer<typeof EnrolRequestSchema> }, null>;
  /** a query string: the schema's input, as the server coerces it */
  audit: Call<{ query: z.input<typeof AuditQuerySchema> }, AuditPage>;
  chatbotTree: Call<Record<never, never>, QaTreeNode[]>;
  addNode: Call<{ body: z.infer<typeof QaNodeCreateSchema> }, QaTreeNode>;
  changeNode: Call<ById & { body: z.infer<typeof QaNodeUpdateSchema> }, QaTreeNode>;
  moveNode: Call<ById & { body: z.infer<typeof QaNodeMoveSchema> }, null>;
  retireNode: Call<ById, null>;
  restoreNode: Call<ById, null>;
  borrowerChatRecords: Call<ById, BorrowerChatRecords>;
  products: Call<Record<never, never>, ProductView[]>;
  addProduct: Call<{ body: z.input<typeof ProductRequestSchema> }, ProductView>;
  changeProduct: Call<ById & { body: z.input<typeof ProductRequestSchema> }, ProductView>;
  activateProduct: Call<ById, ProductView>;
  retireProduct: Call<ById, ProductView>;
  uploadProductLogo: Call<ById & { body: Multipart }, ProductView>;
  payouts: Call<{ query: z.input<typeof PayoutQuerySchema> }, PayoutPage>;
  payoutTimeline: Call<ById, PayoutTimeline>;
  retryPayout: Call<ById & { body: z.infer<typeof PayoutActionSchema> }, PayoutTimeline>;
  cancelLoan: Call<ById & { body: z.infer<typeof PayoutActionSchema> }, PayoutTimeline>;
  payoutMismatches: Call<{ query: z.input<typeof MismatchQuerySchema> }, PayoutMismatchPage>;
  resolveMismatch: Call<ById & { body: z.infer<typeof ResolveMismatchSchema> }, PayoutMismatchView>;
  /** `escalated`: how many are past their one-day deadline (decision 162), first in the list */
  reviews: Call<Record<never, never>, { escalated: number; list: ReviewItem[] }>;
  /** `pending`: an approval of a rule exception, waiting for a second risk operator (decision 161) */
  decideReview: Call<
    ById & { body: z.infer<typeof ReviewDecisionSchema> },
    { orderId: string; outcome: 'approve' | 'reject'; status: 'decided' | 'pending' }
  >;
  confirmReview: Call<ById, { orderId: string; outcome: 'approve'; status: 'decided' }>;
  searchBorrowers: Call<{ query: z.input<typeof BorrowerSearchQuerySchema> }, BorrowerSearchPage>;
  borrower: Call<ById, BorrowerPageView>;
  revokeBorrowerSessions: Call<ById & { body: z.infer<typeof RevokeSessionsRequestSchema> }, { ended: number }>;
  order: Call<ById, OrderPageView>;
  requestWaiver: Call<ById & { body: z.infer<typeof WaiverRequestSchema> }, { id: number; status: 'pending' | 'approved' | 'rejected' }>;
  approveWaiver: Call<ById & { body?: CheckerDecision }, null>;
  rejectWaiver: Call<ById & { body?: CheckerDecision }, null>;
  /** the recommended-products catalogue and the landing templates (decision 167); a scene and a template go by their names */
  catalogue: Call<Record<never, never>, CatalogueView>;
  saveRecommendScene: Call<{ id: string; body: z.input<typeof RecommendSceneRequestSchema> }, RecommendSceneView>;
  addCatalogueProduct: Call<{ body: z.input<typeof CatalogueProductRequestSchema> }, CatalogueProductView>;
  changeCatalogueProduct: Call<ById & { body: z.input<typeof CatalogueProductRequestSchema> }, CatalogueProductView>;
  landingTemplates: Call<Record<never, never>, LandingTemplateView[]>;
  addLandingTemplate: Call<{ body: z.input<typeof LandingTemplateRequestSchema> }, LandingTemplateView>;
  changeLandingTemplate: Call<{ id: string; body: z.input<typeof LandingTemplateRequestSchema> }, LandingTemplateView>;
  orderActions: Call<ById, OrderActionsView>;
  requestWriteOff: Call<
    ById & { body: z.infer<typeof WriteOffRequestSchema> },
    { id: number; status: 'pending' | 'approved' | 'rejected' }
  >;
  approveWriteOff: Call<ById & { body?: CheckerDecision }, null>;
  rejectWriteOff: Call<ById & { body?: CheckerDecision }, null>;
  recordOfflineRepayment: Call<ById & { body: z.input<typeof OfflineRepaymentRequestSchema> }, OfflineRepaymentResult>;
  approveOfflineRepayment: Call<ById & { body?: CheckerDecision }, null>;
  rejectOfflineRepayment: Call<ById & { body?: CheckerDecision }, null>;
  requestReversal: Call<
    ById & { body: z.infer<typeof ReversalRequestSchema> },
    { id: number; status: 'pending' | 'approved' | 'rejected' }
  >;
  approveReversal: Call<ById & { body?: CheckerDecision }, null>;
  rejectReversal: Call<ById & { body?: CheckerDecision }, null>;
  moneyControls: Call<Record<never, never>, MoneyControlView[]>;
  changeMoneyControl: Call<{ body: z.input<typeof MoneyControlRequestSchema> }, MoneyControlView>;
  couponCampaigns: Call<Record<never, never>, CouponCampaignView[]>;
  createCouponCampaign: Call<{ body: z.input<typeof CouponCampaignRequestSchema> }, CouponCampaignView>;
  pauseCouponCampaign: Call<ById, CouponCampaignView>;
  resumeCouponCampaign: Call<ById, CouponCampaignView>;
  issueCouponCampaign: Call<ById & { body: z.infer<typeof CouponIssueRequestSchema> }, CouponIssueView>;
  couponIssues: Call<Record<never, never>, CouponIssueView[]>;
  approveCouponIssue: Call<ById, CouponIssueView>;
  rejectCouponIssue: Call<ById, CouponIssueView>;
  couponFigures: Call<{ query: z.input<typeof DashboardQuerySchema> }, CouponFiguresView>;
  requestRefund: Call<ById & { body: z.infer<typeof RefundRequestSchema> }, { id: number; status: 'pending' | 'approved' | 'rejected' }>;
  approveRefund: Call<ById & { body?: CheckerDecision }, null>;
  rejectRefund: Call<ById & { body?: CheckerDecision }, null>;
  resendReminder: Call<ById & { body: z.infer<typeof ReminderResendRequestSchema> }, { sentAt: string }>;
  dashboard: Call<{ query: z.input<typeof DashboardQuerySchema> }, DashboardView>;
  dashboardList: Call<{ query: z.input<typeof DashboardListQuerySchema> }, DashboardListPage>;
  approvals: Call<Record<never, never>, ApprovalInboxView>;
}

/** One application waiting for the risk role (issue 29): its rules' results, the account's validation, the deadline. */
export interface ReviewItem {
  orderId: string;
  orderNo: string;
  market: 'IN' | 'ID';
  /** the borrower's page is linked beside the order's (issue 47 item 10) */
  borrowerId: number;
  borrowerName: string;
  employment: string | null;
  principalMinor: number;
  termDays: number;
  appliedAt: string;
  reviewDueAt: string;
  /** past its deadline: escalated (decision 162) */
  overdue: boolean;
  /** a risk operator's approval of a rule exception, waiting for a second one (decision 161) */
  approval: {
    id: string;
    requestedBy: { id: number; name: string };
    requestedAt: string;
    reason: string;
    exceptions: { rule: string; outcome: string }[];
  } | null;
  /** each rule in words, its facts in the market's money (issue 47 item 10): never the stored JSON in minor units */
  rules: RuleResultView[];
  account: {
    bankName: string;
    last4: string;
    holderName: string;
    registeredName: string | null;
    validationStatus: string;
    nameMatchScore: number | null;
  } | null;
}

/** The request of a call; a multipart body is marked here and is the browser's FormData in the client. */
export type ConsoleRequest<N extends ConsoleCallName> = ConsoleCalls[N]['request'];
export type ConsoleData<N extends ConsoleCallName> = ConsoleCalls[N]['data'];
