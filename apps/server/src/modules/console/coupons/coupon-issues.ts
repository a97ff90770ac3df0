/**
 * Issuing a list or everyone campaign from the Coupons room (issue 50, decision 254). The maker's
 * issue names its borrowers when asked (the uploaded list, or every borrower of the market); what it
 * could cost — the coupons' face value for an amount off, else the campaign's budget — at or under the
 * market's threshold issues at once, above it waits for another operator (console/shared/four-eyes.ts),
 * who approves exactly those borrowers. Each step is audited in its transaction.
 */
import { formatMoney, type Market } from '@kilat/contract';
import type { CouponIssueRequestSchema, CouponIssueView } from '@kilat/contract/console';
import { desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { type CouponCampaign, type CouponIssue, couponCampaigns, couponIssues } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import { borrowersNamed, borrowersOfMarket, campaignById } from '../../coupons/repository.js';
import type { CouponsService } from '../../coupons/service.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import { decideOnce, refuseMaker } from '../shared/four-eyes.js';
import type { OperatorsRepository } from '../shared/operators-repository.js';
import type { Actor } from '../shared/session.js';
import { parseBorrowerList } from './coupon-list-csv.js';

/** The issues the room lists, newest first. */
const LISTED = 200;

export class CouponIssues {
  constructor(
    private readonly db: Db,
    private readonly coupons: CouponsService,
    private readonly operators: OperatorsRepository,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
    /** above this (minor units, per market) an issue needs a second operator */
    private readonly approvalAboveMinor: Record<Market, number>,
  ) {}

  /** The maker's issue: issued at once at or under the threshold, else waiting for a checker. */
  async ask(actor: Actor, campaignId: number, body: z.infer<typeof CouponIssueRequestSchema>): Promise<CouponIssueView> {
    const campaign = await campaignById(this.db, campaignId);
    if (!campaign) throw ConsoleError.notFound();
    this.refuseUnissuable(campaign);
    const borrowerIds = await this.audienceOf(campaign, body.csv);
    const faceMinor = campaign.kind === 'amount_off' ? borrowerIds.length * campaign.value : campaign.budgetMinor;
    const immediate = faceMinor <= this.approvalAboveMinor[campaign.market];
    const now = this.clock.now();
    const row = await this.db.transaction(async (tx) => {
      const [asked] = await tx
        .insert(couponIssues)
        .values({
          campaignId,
          source: campaign.audience === 'everyone' ? 'everyone' : 'list',
          borrowerIds,
          faceMinor,
          reason: body.reason,
          status: immediate ? 'approved' : 'pending',
          requestedBy: actor.operator.id,
          requestedAt: now,
          decidedAt: immediate ? now : null,
        })
        .returning();
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'coupons.issue.request',
        targetType: 'coupon-issue',
        targetId: asked!.id,
        after: { campaignId, borrowers: borrowerIds.length, faceMinor, reason: body.reason, immediate },
        requestId: actor.requestId,
      });
      return immediate ? this.issue(tx, asked!, campaign, actor) : asked!;
    });
    return (await this.views([row]))[0]!;
  }

  /** A checker's approval (which issues the coupons) or rejection; never the maker's, once. */
  async decide(actor: Actor, id: number, approve: boolean): Promise<CouponIssueView> {
    const row = await this.db.transaction(async (tx) => {
      const [asked] = await tx.select().from(couponIssues).where(eq(couponIssues.id, id));
      if (!asked) throw ConsoleError.notFound();
      refuseMaker(asked, actor, 'coupon issue');
      const campaign = await campaignById(tx, asked.campaignId);
      if (!campaign) throw ConsoleError.notFound();
      if (approve) this.refuseUnissuable(campaign);
      const decided = await decideOnce(tx, couponIssues, id, approve, actor, this.clock.now(), 'coupon issue');
      if (!approve) {
        await this.audit.append(tx, {
          operatorId: actor.operator.id,
          action: 'coupons.issue.reject',
          targetType: 'coupon-issue',
          targetId: id,
          before: { status: 'pending' },
          after: { status: 'rejected' },
          requestId: actor.requestId,
        });
        return decided;
      }
      return this.issue(tx, decided, campaign, actor);
    });
    return (await this.views([row]))[0]!;
  }

  /** The newest issues of every campaign. */
  async list(): Promise<CouponIssueView[]> {
    return this.views(await this.db.select().from(couponIssues).orderBy(desc(couponIssues.id)).limit(LISTED));
  }

  /** Issues an approved issue's coupons in its transaction and audits how many. */
  private async issue(tx: Db, row: CouponIssue, campaign: CouponCampaign, actor: Actor): Promise<CouponIssue> {
    const issued = await this.coupons.issue(tx, campaign, row.borrowerIds);
    const [done] = await tx.update(couponIssues).set({ issued }).where(eq(couponIssues.id, row.id)).returning();
    await this.audit.append(tx, {
      operatorId: actor.operator.id,
      action: 'coupons.issue',
      targetType: 'coupon-issue',
      targetId: row.id,
      before: row.decidedBy === null ? null : { status: 'pending' },
      after: { status: 'approved', campaignId: campaign.id, borrowers: row.borrowerIds.length, issued, faceMinor: row.faceMinor },
      requestId: actor.requestId,
    });
    return done!;
  }

  /** Only a live list or everyone campaign issues from the console: the event audiences issue as borrowers qualify. */
  private refuseUnissuable(campaign: CouponCampaign): void {
    if (campaign.audience !== 'list' && campaign.audience !== 'everyone') {
      throw ConsoleError.conflict(
        'This campaign issues its coupons as borrowers qualify; only a list or everyone campaign is issued here.',
      );
    }
    if (campaign.paused) throw ConsoleError.conflict('This campaign is paused: resume it before issuing.');
    if (campaign.validTo !== null && campaign.validTo < this.clock.today(campaign.market)) {
      throw ConsoleError.conflict('This campaign has ended: its coupons would already be expired.');
    }
  }

  /** Who an issue reaches: the uploaded list's borrowers of the market (every line must name one), or everyone. */
  private async audienceOf(campaign: CouponCampaign, csv: string | undefined): Promise<number[]> {
    if (campaign.audience === 'everyone') {
      if (csv !== undefined && csv.trim() !== '')
        throw ConsoleError.invalid('csv (an everyone campaign issues to every borrower of its market)');
      const everyone = await borrowersOfMarket(this.db, campaign.market);
      if (everyone.length === 0) throw ConsoleError.conflict('This market has no borrowers yet.');
      return everyone;
    }
    if (csv === undefined || csv.trim() === '') throw ConsoleError.invalid('csv (a list campaign issues to an uploaded list)');
    const entries = parseBorrowerList(csv);
    const found = await borrowersNamed(
      this.db,
      campaign.market,
      entries.flatMap((entry) => (entry.borrowerId === null ? [] : [entry.borrowerId])),
      entries.flatMap((entry) => (entry.phone === null ? [] : [entry.phone])),
    );
    const ids = new Set(found.map((borrower) => borrower.id));
    const byPhone = new Map(found.map((borrower) => [borrower.phone, borrower.id]));
    const unknown: number[] = [];
    const named = new Set<number>();
    for (const entry of entries) {
      const id = entry.borrowerId !== null ? (ids.has(entry.borrowerId) ? entry.borrowerId : undefined) : byPhone.get(entry.phone!);
      if (id === undefined) unknown.push(entry.line);
      else named.add(id);
    }
    if (unknown.length > 0) {
      throw ConsoleError.invalid(
        `csv (no borrower of this market on line ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ` and ${unknown.length - 5} more` : ''})`,
      );
    }
    return [...named].sort((a, b) => a - b);
  }

  private async views(rows: CouponIssue[]): Promise<CouponIssueView[]> {
    if (rows.length === 0) return [];
    const [people, campaigns] = await Promise.all([
      this.operators.list(),
      this.db
        .select({ id: couponCampaigns.id, name: couponCampaigns.name, market: couponCampaigns.market })
        .from(couponCampaigns)
        .where(inArray(couponCampaigns.id, [...new Set(rows.map((row) => row.campaignId))])),
    ]);
    const nameOf = (id: number) => people.find((operator) => operator.id === id)?.name ?? `operator ${id}`;
    return rows.map((row) => {
      const campaign = campaigns.find((entry) => entry.id === row.campaignId);
      const market: Market = campaign?.market ?? 'IN';
      return {
        id: row.id,
        campaignId: row.campaignId,
        campaignName: campaign?.name ?? '',
        market,
        source: row.source,
        borrowers: row.borrowerIds.length,
        issued: row.issued,
        faceMinor: row.faceMinor,
        amount: formatMoney(row.faceMinor, market),
        reason: row.reason,
        status: row.status,
        requestedBy: { id: row.requestedBy, name: nameOf(row.requestedBy) },
        requestedAt: row.requestedAt.toISOString(),
        decidedBy: row.decidedBy === null ? null : { id: row.decidedBy, name: nameOf(row.decidedBy) },
        decidedAt: row.decidedAt?.toISOString() ?? null,
      };
    });
  }
}
