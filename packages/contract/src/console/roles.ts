/**
 * The console's roles and what each may do (issue 18). Browser-safe: the console shows what the
 * operator's role allows, the server refuses everything else on every call.
 */

export const OperatorRole = { Agent: 'agent', Supervisor: 'supervisor', Risk: 'risk', Admin: 'admin' } as const;
export type OperatorRole = (typeof OperatorRole)[keyof typeof OperatorRole];
export const operatorRoles: readonly OperatorRole[] = Object.values(OperatorRole);

export const Permission = {
  ComplaintsRead: 'complaints.read',
  ComplaintsReply: 'complaints.reply',
  /** an agent takes an unassigned complaint for themself */
  ComplaintsTake: 'complaints.take',
  /** assign to anyone, take from anyone */
  ComplaintsReassign: 'complaints.reassign',
  /** collection complaints (type 1) are routed to supervisors */
  ComplaintsCollection: 'complaints.collection',
  TemplatesRead: 'templates.read',
  TemplatesWrite: 'templates.write',
  ChatbotRead: 'chatbot.read',
  ChatbotWrite: 'chatbot.write',
  OperatorsRead: 'operators.read',
  OperatorsWrite: 'operators.write',
  AuditRead: 'audit.read',
  /** a borrower's identity checks with their documents and selfies (issue 29) */
  IdentityRead: 'identity.read',
  /** the products screen (issue 31 item 3) */
  ProductsRead: 'products.read',
  /** add, change, offer and retire products */
  ProductsWrite: 'products.write',
  /** the payouts screen, an order's payout timeline, the reconciliation's mismatches (issue 28) */
  PayoutsRead: 'payouts.read',
  /** retry a payout, cancel a loan whose money did not arrive, resolve a mismatch: risk and admin only */
  PayoutsWrite: 'payouts.write',
  /** the risk role's queue of applications waiting for review (issue 29 item 4) */
  ReviewsRead: 'reviews.read',
  ReviewsDecide: 'reviews.decide',
  /** search borrowers; their pages and their orders' (issue 31 item 1) */
  BorrowersRead: 'borrowers.read',
  /** end a borrower's sessions */
  BorrowersSessions: 'borrowers.sessions',
  /** ask for a penalty waiver (decision 157) */
  WaiversRequest: 'waivers.request',
  /** approve or reject another operator's waiver */
  WaiversApprove: 'waivers.approve',
  /** ask to write off what an order owes (decision 163) */
  WriteOffsRequest: 'write-offs.request',
  /** approve or reject another operator's write-off: a credit loss is the risk role's call */
  WriteOffsApprove: 'write-offs.approve',
  /** record money the borrower sent to the bank account against its reference */
  RepaymentsRecordOffline: 'repayments.record-offline',
  /** approve or reject another operator's offline repayment above the configured amount (issue 47) */
  RepaymentsApproveOffline: 'repayments.approve-offline',
  /** ask to refund an overpayment (decision 164) */
  RefundsRequest: 'refunds.request',
  /** approve or reject another operator's refund */
  RefundsApprove: 'refunds.approve',
  /** resend a due reminder SMS */
  RemindersResend: 'reminders.resend',
  /** the dashboard, the lists behind its figures and their CSV (issue 31 item 4) */
  DashboardRead: 'dashboard.read',
  /** ask to reverse a repayment, a waiver or a write-off (issue 47, decision 233) */
  ReversalsRequest: 'reversals.request',
  /** approve or reject another operator's reversal: risk only */
  ReversalsApprove: 'reversals.approve',
  /** the control matrix (issue 47, decision 232): read by risk and admin, changed by admin, audited */
  ControlsRead: 'controls.read',
  ControlsWrite: 'controls.write',
  /** collections (issue 46): one's own cases — log a contact, a promise, send an SMS, set a flag that stops contact */
  CollectionsWork: 'collections.work',
  /** every queue, allocation, teams, stages, lifting a flag */
  CollectionsManage: 'collections.manage',
  /** the books (issue 47, decision 260): journal, registers, provisioning, TKB90, settlements, and their CSV */
  BooksRead: 'books.read',
  /** upload a bank statement and resolve a credit that matches nothing, with a note */
  BooksReconcile: 'books.reconcile',
  /** change a provisioning rate, with a reason: admin only */
  BooksConfigure: 'books.configure',
  /** coupon campaigns with their cost and effect (issue 50) */
  CouponsRead: 'coupons.read',
  /** create, pause and resume campaigns; audited */
  CouponsWrite: 'coupons.write',
  /** approve or reject another operator's coupon issue above the threshold (decision 254) */
  CouponsApprove: 'coupons.approve',
  /** one approvals inbox of every maker-checker request, waiting for me first (issue 47, decision 239) */
  ApprovalsRead: 'approvals.read',
} as const;
export type Permission = (typeof Permission)[keyof typeof Permission];

const AGENT: readonly Permission[] = [
  Permission.ComplaintsRead,
  Permission.ComplaintsReply,
  Permission.ComplaintsTake,
  Permission.TemplatesRead,
  Permission.ChatbotRead,
  Permission.ChatbotWrite,
  Permission.BorrowersRead,
  Permission.CollectionsWork,
];

/** Issue 18: agent (complaints, chatbot); supervisor (agent + reassign, templates); risk (part 2); admin (operators, audit). */
export const RolePermissions: Record<OperatorRole, readonly Permission[]> = {
  [OperatorRole.Agent]: AGENT,
  [OperatorRole.Supervisor]: [
    ...AGENT,
    Permission.ComplaintsReassign,
    Permission.ComplaintsCollection,
    Permission.TemplatesWrite,
    Permission.OperatorsRead,
    Permission.ProductsRead,
    // a complaint about money that did not arrive is answered from the payout timeline
    Permission.PayoutsRead,
    Permission.BorrowersSessions,
    Permission.WaiversRequest,
    Permission.WaiversApprove,
    // the order page's actions (decisions 163, 164): supervisors ask, risk approves write-offs
    Permission.WriteOffsRequest,
    Permission.RepaymentsRecordOffline,
    Permission.RepaymentsApproveOffline,
    Permission.RefundsRequest,
    Permission.RefundsApprove,
    Permission.RemindersResend,
    Permission.DashboardRead,
    Permission.ReversalsRequest,
    Permission.CollectionsManage,
    // the books (issue 47): supervisors record offline repayments, so they reconcile the statement that shows them
    Permission.BooksRead,
    Permission.BooksReconcile,
    Permission.CouponsRead,
    Permission.CouponsWrite,
    Permission.CouponsApprove,
    Permission.ApprovalsRead,
  ],
  // the lending side: the review queue (issue 29 item 4), payouts (issue 28), products (issue 31 item 3),
  // borrowers and waivers (issue 31); identity documents are the risk role's to see (issue 29)
  [OperatorRole.Risk]: [
    Permission.ReviewsRead,
    Permission.ReviewsDecide,
    Permission.IdentityRead,
    Permission.PayoutsRead,
    Permission.PayoutsWrite,
    Permission.ProductsRead,
    Permission.ProductsWrite,
    Permission.BorrowersRead,
    Permission.BorrowersSessions,
    Permission.WaiversRequest,
    Permission.WaiversApprove,
    Permission.WriteOffsRequest,
    Permission.WriteOffsApprove,
    Permission.RepaymentsRecordOffline,
    Permission.RepaymentsApproveOffline,
    Permission.RefundsRequest,
    Permission.RefundsApprove,
    Permission.RemindersResend,
    Permission.DashboardRead,
    Permission.ControlsRead,
    Permission.ReversalsRequest,
    Permission.ReversalsApprove,
    Permission.BooksRead,
    Permission.BooksReconcile,
    Permission.ApprovalsRead,
  ],
  [OperatorRole.Admin]: [
    Permission.OperatorsRead,
    Permission.OperatorsWrite,
    Permission.AuditRead,
    Permission.PayoutsRead,
    Permission.PayoutsWrite,
    Permission.ProductsRead,
    Permission.ProductsWrite,
    Permission.DashboardRead,
    Permission.ControlsRead,
    Permission.ControlsWrite,
    Permission.BooksRead,
    Permission.BooksReconcile,
    Permission.BooksConfigure,
  ],
};

export const can = (role: OperatorRole, permission: Permission): boolean => RolePermissions[role].includes(permission);

/** The console's own result codes beside the shared ones (success '00', 40000, 40100, 40300, 40400). */
export const ConsoleCode = {
  Success: '00',
  /** email, password or code wrong: one answer for all three, so an address cannot be probed */
  SignInRefused: '41001',
  /** too many failed sign-ins: locked for a while */
  Locked: '41002',
  /** the TOTP code was already used */
  CodeReplayed: '41003',
  /** a change without the session's CSRF token */
  CsrfRefused: '40301',
  /** the operator's role does not allow the call */
  RoleRefused: '40302',
  /** the complaint, payout or mismatch is in a state that refuses the action (closed, already assigned, on its way) */
  Conflict: '40900',
  /** an enrolment link used, replaced or expired */
  EnrolmentLinkInvalid: '41004',
} as const;
export type ConsoleCode = (typeof ConsoleCode)[keyof typeof ConsoleCode];

/** The complaint desk's service level (spec §2 complaint form): a reply within 3 weekdays. */
export const ComplaintSla = {
  weekdays: 3,
  /** the queue highlights a complaint as due soon this long before its deadline */
  dueSoonHours: 24,
} as const;

export type SlaState = 'ok' | 'dueSoon' | 'overdue' | 'met' | 'missed';

export const CONSOLE_API_PREFIX = '/console/api';
export const CSRF_HEADER = 'x-csrf-token';
