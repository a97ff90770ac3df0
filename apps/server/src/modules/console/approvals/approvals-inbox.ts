/**
 * One approvals inbox (issue 47, decision 239): every maker-checker request still waiting, read
 * from where each lives — `order_approvals` (waivers, write-offs, refunds, large offline repayments,
 * reversals), the collections module's `settlements` and the review queue's `review_approvals` —
 * and the coupon issues above their threshold (decision 272), with its order (or campaign), amount, maker, reason and evidence, and whether the signed-in operator may decide
 * it (their role's checker permission, never the maker: as each source's decide call refuses).
 * Read only: deciding stays with each source's own call, so its posting and audit stay one path.
 */
import { formatMoney } from '@kilat/contract';
import { type ApprovalInboxItem, type ApprovalInboxView, type ApprovalKind, ApprovalKinds, can } from '@kilat/contract/console';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.js';
import { couponCampaigns, couponIssues, orderApprovals, orders, reviewApprovals } from '../../../db/schema.js';
import { settlements } from '../../collections/tables.js';
import type { OperatorsRepository } from '../shared/operators-repository.js';
import type { Actor } from '../shared/session.js';

type Waiting = Omit<ApprovalInboxItem, 'key' | 'mayDecide' | 'whyNot' | 'requestedBy'> & { requestedBy: number };

const REVERSED: Record<string, string> = {
  repayment: 'a repayment',
  penalty_waiver: 'a penalty waiver',
  write_off: 'a write-off',
  settlement_waiver: 'a settlement',
  recovery: 'a recovery',
};

/** What the checker weighs beside the reason, from what the request stored with it. */
const orderApprovalEvidence = (kind: ApprovalKind, details: Record<string, unknown>): string[] => {
  if (kind === 'offline_repayment') {
    const { bankReference, bankAccount, receivedOn } = details as { bankReference?: string; bankAccount?: string; receivedOn?: string };
    return [`Bank reference ${bankReference ?? '—'} in account ${bankAccount ?? '—'}`, `Received on ${receivedOn ?? '—'}`];
  }
  if (kind === 'reversal') {
    const { ledgerId, reversedKind } = details as { ledgerId?: number; reversedKind?: string };
    return [`Reverses ${REVERSED[reversedKind ?? ''] ?? 'a ledger row'} (ledger row ${ledgerId ?? '—'})`];
  }
  return [];
};

export class ApprovalsInbox {
  constructor(
    private readonly db: Db,
    private readonly operators: OperatorsRepository,
  ) {}

  /** Every waiting request, those the actor may decide first, oldest first within each. */
  async list(actor: Actor): Promise<ApprovalInboxView> {
    const [fromOrders, fromSettlements, fromReviews, fromCoupons, people] = await Promise.all([
      this.db
        .select({ request: orderApprovals, orderNo: orders.orderNo, market: orders.market })
        .from(orderApprovals)
        .innerJoin(orders, eq(orders.id, orderApprovals.orderId))
        .where(eq(orderApprovals.status, 'pending')),
      this.db
        .select({ request: settlements, orderNo: orders.orderNo, market: orders.market })
        .from(settlements)
        .innerJoin(orders, eq(orders.id, settlements.orderId))
        .where(eq(settlements.status, 'pending')),
      this.db
        .select({ request: reviewApprovals, orderNo: orders.orderNo, market: orders.market })
        .from(reviewApprovals)
        .innerJoin(orders, eq(orders.id, reviewApprovals.orderId))
        .where(eq(reviewApprovals.status, 'pending')),
      this.db
        .select({ request: couponIssues, campaign: couponCampaigns })
        .from(couponIssues)
        .innerJoin(couponCampaigns, eq(couponCampaigns.id, couponIssues.campaignId))
        .where(eq(couponIssues.status, 'pending')),
      this.operators.list(),
    ]);
    const waiting: Waiting[] = [
      ...fromOrders.map(({ request, orderNo, market }) => ({
        kind: request.kind,
        id: request.id,
        orderId: request.orderId,
        orderNo,
        subject: null,
        market,
        amount: formatMoney(request.amountMinor, market),
        amountMinor: request.amountMinor,
        requestedBy: request.requestedBy,
        requestedAt: request.requestedAt.toISOString(),
        reason: request.reason,
        evidence: orderApprovalEvidence(request.kind, request.details),
        link: `/orders/${request.orderId}`,
      })),
      ...fromSettlements.map(({ request, orderNo, market }) => ({
        kind: 'settlement' as const,
        id: request.id,
        orderId: request.orderId,
        orderNo,
        subject: null,
        market,
        amount: formatMoney(request.amountMinor, market),
        amountMinor: request.amountMinor,
        requestedBy: request.requestedBy,
        requestedAt: request.requestedAt.toISOString(),
        reason: request.reason,
        evidence: [
          `Closes ${formatMoney(request.owedMinor, market)} owed if paid by ${request.validUntil}`,
          `Discount ${formatMoney(request.owedMinor - request.amountMinor, market)}`,
        ],
        link: `/collections/cases/${request.caseId}`,
      })),
      ...fromReviews.map(({ request, orderNo, market }) => ({
        kind: 'rule_exception' as const,
        id: request.id,
        orderId: request.orderId,
        orderNo,
        subject: null,
        market,
        amount: null,
        amountMinor: null,
        requestedBy: request.requestedBy,
        requestedAt: request.requestedAt.toISOString(),
        reason: request.reason,
        evidence: request.exceptions.map((exception) => `Rule ${exception.rule}: ${exception.outcome}`),
        link: '/reviews',
      })),
      ...fromCoupons.map(({ request, campaign }) => ({
        kind: 'coupon_issue' as const,
        id: request.id,
        orderId: null,
        orderNo: null,
        subject: `Campaign ${campaign.name}`,
        market: campaign.market,
        amount: formatMoney(request.faceMinor, campaign.market),
        amountMinor: request.faceMinor,
        requestedBy: request.requestedBy,
        requestedAt: request.requestedAt.toISOString(),
        reason: request.reason,
        evidence: [
          `${request.borrowerIds.length} borrower${request.borrowerIds.length === 1 ? '' : 's'} (${request.source === 'everyone' ? 'everyone in the market' : 'an uploaded list'})`,
          campaign.kind === 'amount_off'
            ? `Face value ${formatMoney(campaign.value, campaign.market)} a coupon`
            : `Budget ${formatMoney(campaign.budgetMinor, campaign.market)}: what the campaign can cost`,
        ],
        link: '/coupons',
      })),
    ];
    const nameOf = (id: number) => people.find((operator) => operator.id === id)?.name ?? `operator ${id}`;
    const items = waiting.map(({ requestedBy, ...request }): ApprovalInboxItem => {
      const own = requestedBy === actor.operator.id;
      const allowed = can(actor.operator.role, ApprovalKinds[request.kind].checker);
      return {
        ...request,
        key: `${request.kind}:${request.id}`,
        requestedBy: { id: requestedBy, name: nameOf(requestedBy) },
        mayDecide: !own && allowed,
        whyNot: own ? 'You asked for it: another operator decides.' : allowed ? null : 'Your role does not decide this kind.',
      };
    });
    items.sort(
      (a, b) => Number(b.mayDecide) - Number(a.mayDecide) || a.requestedAt.localeCompare(b.requestedAt) || a.key.localeCompare(b.key),
    );
    return { waitingForMe: items.filter((item) => item.mayDecide).length, items };
  }
}
