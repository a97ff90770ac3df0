/**
 * The Coupons room's service (issue 50, decision 253): campaigns a supervisor creates, pauses and
 * resumes, each change audited in its transaction, and each campaign's cost and effect so far
 * (issued, used, expired, what its coupons took off), read from the coupons and the ledger's rows.
 */
import type { CouponCampaignRequestSchema, CouponCampaignView } from '@kilat/contract/console';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, rowsOf } from '../../../db/database.js';
import type { CouponCampaign } from '../../../db/schema.js';
import type { Clock } from '../../../lending/clock.js';
import { campaignById, campaignsOf, insertCampaign, setPaused } from '../../coupons/repository.js';
import type { AuditLog } from '../shared/audit.js';
import { ConsoleError } from '../shared/console-error.js';
import type { Actor } from '../shared/session.js';

interface Effect {
  issued: number;
  used: number;
  expired: number;
  discountedMinor: number;
}

const NO_EFFECT: Effect = { issued: 0, used: 0, expired: 0, discountedMinor: 0 };

const viewOf = (campaign: CouponCampaign, effect: Effect): CouponCampaignView => ({
  id: campaign.id,
  market: campaign.market,
  name: campaign.name,
  kind: campaign.kind,
  value: campaign.value,
  audience: campaign.audience,
  validFrom: campaign.validFrom,
  validTo: campaign.validTo,
  validDays: campaign.validDays,
  minAmountMinor: campaign.minAmountMinor,
  budgetMinor: campaign.budgetMinor,
  paused: campaign.paused,
  createdAt: campaign.createdAt.toISOString(),
  ...effect,
});

export class CouponDesk {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /** Every campaign, newest first, with its cost and effect. */
  async list(): Promise<CouponCampaignView[]> {
    const effects = await this.effects();
    return (await campaignsOf(this.db, null)).map((campaign) => viewOf(campaign, effects.get(campaign.id) ?? NO_EFFECT));
  }

  async create(actor: Actor, body: z.infer<typeof CouponCampaignRequestSchema>): Promise<CouponCampaignView> {
    return this.db.transaction(async (tx) => {
      const campaign = await insertCampaign(tx, { ...body, createdBy: actor.operator.id });
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: 'coupons.create',
        targetType: 'coupon-campaign',
        targetId: campaign.id,
        after: body,
        requestId: actor.requestId,
      });
      return viewOf(campaign, NO_EFFECT);
    });
  }

  /** Pauses (no coupon issued or held) or resumes a campaign, audited with the state before. */
  async setPaused(actor: Actor, id: number, paused: boolean): Promise<CouponCampaignView> {
    const before = await campaignById(this.db, id);
    if (!before) throw ConsoleError.notFound();
    await this.db.transaction(async (tx) => {
      await setPaused(tx, id, paused);
      await this.audit.append(tx, {
        operatorId: actor.operator.id,
        action: paused ? 'coupons.pause' : 'coupons.resume',
        targetType: 'coupon-campaign',
        targetId: id,
        before: { paused: before.paused },
        after: { paused },
        requestId: actor.requestId,
      });
    });
    const effects = await this.effects();
    return viewOf({ ...before, paused }, effects.get(id) ?? NO_EFFECT);
  }

  /** Each campaign's issued, used and expired coupons and what the used ones took off (the ledger's figure). */
  private async effects(): Promise<Map<number, Effect>> {
    const now = this.clock.now().toISOString();
    const rows = rowsOf<{ campaign_id: string; issued: string; used: string; expired: string; discounted: string }>(
      await this.db.execute(sql`SELECT c.campaign_id, count(*) AS issued, count(c.used_at) AS used,
          count(*) FILTER (WHERE c.used_at IS NULL AND c.valid_until <= ${now}::timestamptz) AS expired,
          coalesce(sum(c.used_minor), 0) AS discounted
        FROM coupons c GROUP BY c.campaign_id`),
    );
    return new Map(
      rows.map((row) => [
        Number(row.campaign_id),
        { issued: Number(row.issued), used: Number(row.used), expired: Number(row.expired), discountedMinor: Number(row.discounted) },
      ]),
    );
  }
}
