/**
 * One approvals inbox (issue 47, decision 239): every maker-checker request still waiting, whatever
 * its source — an order's waivers, write-offs, refunds, large offline repayments and reversals
 * (order_approvals), a collections case's settlement offer, a risk operator's rule exception, a
 * coupon issue above its threshold — with
 * who may decide it. Browser-safe: the kinds, the permission that decides each and the calls that
 * approve and reject it; deciding stays with each source's own call.
 */
import { Permission } from './roles.js';

export type ApprovalKind =
  | 'penalty_waiver'
  | 'write_off'
  | 'refund'
  | 'offline_repayment'
  | 'reversal'
  | 'settlement'
  | 'rule_exception'
  | 'coupon_issue';

/** Each kind: its name, the permission of its checker and the source's calls that decide it (null: decided on its own page). */
export const ApprovalKinds = {
  penalty_waiver: {
    label: 'Penalty waiver',
    checker: Permission.WaiversApprove,
    decide: { approve: 'approveWaiver', reject: 'rejectWaiver' },
  },
  write_off: { label: 'Write-off', checker: Permission.WriteOffsApprove, decide: { approve: 'approveWriteOff', reject: 'rejectWriteOff' } },
  refund: { label: 'Refund', checker: Permission.RefundsApprove, decide: { approve: 'approveRefund', reject: 'rejectRefund' } },
  offline_repayment: {
    label: 'Offline repayment',
    checker: Permission.RepaymentsApproveOffline,
    decide: { approve: 'approveOfflineRepayment', reject: 'rejectOfflineRepayment' },
  },
  reversal: { label: 'Reversal', checker: Permission.ReversalsApprove, decide: { approve: 'approveReversal', reject: 'rejectReversal' } },
  settlement: {
    label: 'Settlement offer',
    checker: Permission.CollectionsManage,
    decide: { approve: 'approveSettlement', reject: 'rejectSettlement' },
  },
  // confirmed or rejected with a reason on the review queue, where the application's rules are shown
  rule_exception: { label: 'Rule exception', checker: Permission.ReviewsDecide, decide: null },
  // a list or everyone campaign's issue above the threshold (decision 254): no order, its campaign on the Coupons screen
  coupon_issue: {
    label: 'Coupon issue',
    checker: Permission.CouponsApprove,
    decide: { approve: 'approveCouponIssue', reject: 'rejectCouponIssue' },
  },
} as const satisfies Record<ApprovalKind, { label: string; checker: Permission; decide: { approve: string; reject: string } | null }>;

/** One waiting request as the inbox shows it. */
export interface ApprovalInboxItem {
  /** unique across sources: `<kind>:<id>` */
  key: string;
  kind: ApprovalKind;
  /** the request's id in its source (what its decide calls take) */
  id: number;
  /** null for a request of no order (a coupon issue, decision 272) */
  orderId: number | null;
  orderNo: string | null;
  /** what the request is about when it has no order: the coupon campaign's name and its borrowers */
  subject: string | null;
  market: 'IN' | 'ID';
  /** as the market writes it; null for a rule exception */
  amount: string | null;
  amountMinor: number | null;
  requestedBy: { id: number; name: string };
  requestedAt: string;
  reason: string;
  /** what the checker weighs beside the reason, in words (a bank reference, the rules excepted, the discount) */
  evidence: string[];
  /** the console page where it is shown: the order page, the case page, the review queue or the Coupons screen */
  link: string;
  /** the signed-in operator may decide it: their role's checker permission, and never the maker */
  mayDecide: boolean;
  /** why not, when not */
  whyNot: string | null;
}

export interface ApprovalInboxView {
  /** how many the signed-in operator may decide */
  waitingForMe: number;
  /** waiting for me first, then the others; oldest first within each */
  items: ApprovalInboxItem[];
}
