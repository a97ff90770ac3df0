/**
 * The coupon a paid payment held (issue 50, decision 251), read and marked used in the posting's
 * transaction. Here, not in the coupons module, so the ledger reads nothing of a module that reads
 * the ledger: the coupons module holds a coupon for a repay token, this marks it used once.
 */
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import type { CouponKind } from '../../lending/coupon.js';

export interface HeldCoupon {
  id: number;
  publicId: string;
  campaignId: number;
  kind: CouponKind;
  value: number;
  /** what the payment's amount was lowered by when it was held */
  heldMinor: number;
}

/** The unused coupon a repay token holds, locked; null when none. */
export const couponHeldByToken = async (tx: Db, tokenHash: string): Promise<HeldCoupon | null> => {
  const [row] = rowsOf<{ id: string; public_id: string; campaign_id: string; kind: CouponKind; value: number; held_minor: string }>(
    await tx.execute(sql`SELECT c.id, c.public_id, c.campaign_id, k.kind, k.value, c.held_minor
      FROM coupons c JOIN coupon_campaigns k ON k.id = c.campaign_id
      WHERE c.held_by_token = ${tokenHash} AND c.used_at IS NULL FOR UPDATE OF c`),
  );
  return row
    ? {
        id: Number(row.id),
        publicId: row.public_id,
        campaignId: Number(row.campaign_id),
        kind: row.kind,
        value: Number(row.value),
        heldMinor: Number(row.held_minor ?? 0),
      }
    : null;
};

/** Marks a held coupon used by its paid payment with the discount posted, once: false when it was used already. */
export const markCouponUsed = async (
  tx: Db,
  input: { couponId: number; paymentPublicId: string; usedMinor: number; now: Date },
): Promise<boolean> =>
  rowsOf(
    await tx.execute(sql`UPDATE coupons SET used_payment = ${input.paymentPublicId}, used_minor = ${input.usedMinor},
        used_at = ${input.now.toISOString()}::timestamptz
      WHERE id = ${input.couponId} AND used_at IS NULL RETURNING id`),
  ).length === 1;
