/**
 * Every statement on `coupon_campaigns` and `coupons` (issue 50, decisions 250–251). A coupon is
 * held by the repay token of the payment it lowers: held while that payment is open or paid (or,
 * before it is opened, while the token lives), free again once the payment fails or expires or the
 * token lapses — nothing has to run to free it. It is used once, when its payment is posted
 * (the ledger module marks it used with the discount it posts: `ledger/coupon-uses.ts`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import type { CouponAudience, CouponCampaign } from '../../db/schema.js';
import type { CouponKind } from '../../lending/coupon.js';

/** A coupon with its campaign, as the borrower's list and a payment read it. */
export interface CouponRow {
  id: number;
  publicId: string;
  campaignId: number;
  borrowerId: number;
  market: 'IN' | 'ID';
  kind: CouponKind;
  value: number;
  minAmountMinor: number;
  paused: boolean;
  issuedAt: Date;
  validFrom: Date;
  validUntil: Date;
  heldByToken: string | null;
  heldMinor: number | null;
  /** held by a token that still holds it (its payment open or paid, or the token alive and unspent) */
  held: boolean;
  usedPayment: string | null;
  usedMinor: number | null;
  usedAt: Date | null;
}

const ts = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));
const num = (value: unknown): number => Number(value);
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * Whether the coupon `c` is held by its token now (`nowIso`): the one place the rule is written. A
 * code or checkout past its expiry holds nothing even before the clean-up marks it (decision 271).
 */
const heldSql = (nowIso: string): SQL => sql`(c.held_by_token IS NOT NULL AND EXISTS (
  SELECT 1 FROM repay_tokens rt WHERE rt.token_hash = c.held_by_token AND (
    EXISTS (SELECT 1 FROM payments p WHERE p.repay_token_hash = rt.token_hash AND (p.status = 'paid'
      OR (p.status IN ('created', 'awaiting_code', 'submitted') AND (p.expires_at IS NULL OR p.expires_at > ${nowIso}::timestamptz))))
    OR (rt.expires_at > ${nowIso}::timestamptz AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.repay_token_hash = rt.token_hash)))))`;

const couponColumns = (nowIso: string): SQL => sql`c.id, c.public_id, c.campaign_id, c.borrower_id, k.market, k.kind, k.value,
  k.min_amount_minor, k.paused, c.issued_at, c.valid_from, c.valid_until, c.held_by_token, c.held_minor,
  ${heldSql(nowIso)} AS held, c.used_payment, c.used_minor, c.used_at`;

const couponOf = (row: Record<string, unknown>): CouponRow => ({
  id: num(row.id),
  publicId: String(row.public_id),
  campaignId: num(row.campaign_id),
  borrowerId: num(row.borrower_id),
  market: row.market as CouponRow['market'],
  kind: row.kind as CouponKind,
  value: num(row.value),
  minAmountMinor: num(row.min_amount_minor),
  paused: Boolean(row.paused),
  issuedAt: ts(row.issued_at),
  validFrom: ts(row.valid_from),
  validUntil: ts(row.valid_until),
  heldByToken: (row.held_by_token as string | null) ?? null,
  heldMinor: numOrNull(row.held_minor),
  held: Boolean(row.held),
  usedPayment: (row.used_payment as string | null) ?? null,
  usedMinor: numOrNull(row.used_minor),
  usedAt: row.used_at === null || row.used_at === undefined ? null : ts(row.used_at),
});

/** A coupon's public id: `CP` and 16 base-32 characters. */
export const newCouponPublicId = (): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  return `CP${Array.from(randomBytes(16), (byte) => alphabet[byte % 32]).join('')}`;
};

/** The coupons of a borrower, newest first. */
export const couponsOf = async (db: Db, borrowerId: number, now: Date): Promise<CouponRow[]> =>
  rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${couponColumns(now.toISOString())} FROM coupons c JOIN coupon_campaigns k ON k.id = c.campaign_id
      WHERE c.borrower_id = ${borrowerId} ORDER BY c.issued_at DESC, c.id DESC`),
  ).map(couponOf);

/**
 * A repay token of the server's own, never handed out, standing for a payment code, checkout or
 * wallet charge that holds a coupon (decision 271): the payment carries its hash, so the hold is
 * freed and the coupon used exactly as a card payment's (decision 251). Answers its hash.
 */
export const insertHoldingToken = async (
  tx: Db,
  input: { borrowerId: number; orderId: number; purpose: 'repay' | 'delay'; amountMinor: number; expiresAt: Date; now: Date },
): Promise<string> => {
  const tokenHash = createHash('sha256').update(randomBytes(32)).digest('hex');
  await tx.execute(sql`INSERT INTO repay_tokens (token_hash, borrower_id, order_id, purpose, amount_minor, expires_at, created_at)
    VALUES (${tokenHash}, ${input.borrowerId}, ${input.orderId}, ${input.purpose}, ${input.amountMinor},
      ${input.expiresAt.toISOString()}::timestamptz, ${input.now.toISOString()}::timestamptz)`);
  return tokenHash;
};

/** One coupon of a borrower by its public id, or null. */
export const couponOfBorrower = async (db: Db, borrowerId: number, publicId: string, now: Date): Promise<CouponRow | null> => {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT ${couponColumns(now.toISOString())} FROM coupons c JOIN coupon_campaigns k ON k.id = c.campaign_id
      WHERE c.borrower_id = ${borrowerId} AND c.public_id = ${publicId}`),
  );
  return row ? couponOf(row) : null;
};

/** The campaign's discount given or promised: used coupons and coupons held now. Call with the campaign locked. */
const committedMinor = async (tx: Db, campaignId: number, nowIso: string): Promise<number> => {
  const [row] = rowsOf<{ committed: string | number }>(
    await tx.execute(sql`SELECT coalesce(sum(CASE WHEN c.used_at IS NOT NULL THEN c.used_minor
        WHEN ${heldSql(nowIso)} THEN c.held_minor ELSE 0 END), 0) AS committed
      FROM coupons c WHERE c.campaign_id = ${campaignId}`),
  );
  return num(row?.committed ?? 0);
};

export type HoldOutcome = 'held' | 'inUse' | 'budgetExhausted' | 'paused';

/**
 * Holds a coupon for a repay token's payment, in the caller's transaction: the campaign locked (so
 * holds of one campaign pass one at a time), its budget checked, then one conditional update that
 * takes the coupon only if nobody else holds or used it — twenty racing commits hold it once.
 */
export const holdCoupon = async (
  tx: Db,
  input: { couponId: number; campaignId: number; tokenHash: string; discountMinor: number; now: Date },
): Promise<HoldOutcome> => {
  const nowIso = input.now.toISOString();
  const [campaign] = rowsOf<{ budget_minor: string | number; paused: boolean }>(
    await tx.execute(sql`SELECT budget_minor, paused FROM coupon_campaigns WHERE id = ${input.campaignId} FOR UPDATE`),
  );
  if (!campaign || campaign.paused) return 'paused';
  const [mine] = rowsOf<{ held_minor: string | number | null }>(
    await tx.execute(
      sql`SELECT held_minor FROM coupons WHERE id = ${input.couponId} AND held_by_token = ${input.tokenHash} AND used_at IS NULL`,
    ),
  );
  // a second commit of the same token: the hold it made is counted once
  const already = mine ? num(mine.held_minor ?? 0) : 0;
  if ((await committedMinor(tx, input.campaignId, nowIso)) - already + input.discountMinor > num(campaign.budget_minor)) {
    return 'budgetExhausted';
  }
  const taken = rowsOf(
    await tx.execute(sql`UPDATE coupons c SET held_by_token = ${input.tokenHash}, held_minor = ${input.discountMinor}
      WHERE c.id = ${input.couponId} AND c.used_at IS NULL
        AND (c.held_by_token IS NULL OR c.held_by_token = ${input.tokenHash} OR NOT ${heldSql(nowIso)})
      RETURNING c.id`),
  );
  return taken.length === 1 ? 'held' : 'inUse';
};

/** Lets go of a token's hold (the payment it was for could not be opened). */
export const releaseHold = async (tx: Db, tokenHash: string): Promise<void> => {
  await tx.execute(sql`UPDATE coupons SET held_by_token = NULL, held_minor = NULL WHERE held_by_token = ${tokenHash} AND used_at IS NULL`);
};

// ---- campaigns and issuing

export interface NewCampaign {
  market: 'IN' | 'ID';
  name: string;
  kind: CouponKind;
  value: number;
  audience: CouponAudience;
  validFrom: string | null;
  validTo: string | null;
  validDays: number | null;
  minAmountMinor: number;
  budgetMinor: number;
  createdBy: number | null;
}

const campaignOf = (row: Record<string, unknown>): CouponCampaign => ({
  id: num(row.id),
  market: row.market as CouponCampaign['market'],
  name: String(row.name),
  kind: row.kind as CouponKind,
  value: num(row.value),
  audience: row.audience as CouponAudience,
  validFrom: (row.valid_from as string | null) ?? null,
  validTo: (row.valid_to as string | null) ?? null,
  validDays: numOrNull(row.valid_days),
  minAmountMinor: num(row.min_amount_minor),
  budgetMinor: num(row.budget_minor),
  paused: Boolean(row.paused),
  createdBy: numOrNull(row.created_by),
  createdAt: ts(row.created_at),
});

const dateText = (value: unknown): string | null =>
  value === null || value === undefined ? null : value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

export const insertCampaign = async (tx: Db, input: NewCampaign): Promise<CouponCampaign> => {
  const [row] = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`INSERT INTO coupon_campaigns (market, name, kind, value, audience, valid_from, valid_to, valid_days,
        min_amount_minor, budget_minor, created_by)
      VALUES (${input.market}, ${input.name}, ${input.kind}, ${input.value}, ${input.audience}, ${input.validFrom}::date,
        ${input.validTo}::date, ${input.validDays}, ${input.minAmountMinor}, ${input.budgetMinor}, ${input.createdBy})
      RETURNING *`),
  );
  return campaignOf({ ...row!, valid_from: dateText(row!.valid_from), valid_to: dateText(row!.valid_to) });
};

export const campaignById = async (db: Db, id: number): Promise<CouponCampaign | null> => {
  const [row] = rowsOf<Record<string, unknown>>(await db.execute(sql`SELECT * FROM coupon_campaigns WHERE id = ${id}`));
  return row ? campaignOf({ ...row, valid_from: dateText(row.valid_from), valid_to: dateText(row.valid_to) }) : null;
};

export const campaignsOf = async (db: Db, market: 'IN' | 'ID' | null): Promise<CouponCampaign[]> =>
  rowsOf<Record<string, unknown>>(
    await db.execute(
      sql`SELECT * FROM coupon_campaigns ${market ? sql`WHERE market = ${market}` : sql``} ORDER BY created_at DESC, id DESC`,
    ),
  ).map((row) => campaignOf({ ...row, valid_from: dateText(row.valid_from), valid_to: dateText(row.valid_to) }));

export const setPaused = async (tx: Db, id: number, paused: boolean): Promise<boolean> =>
  rowsOf(await tx.execute(sql`UPDATE coupon_campaigns SET paused = ${paused} WHERE id = ${id} RETURNING id`)).length === 1;

/** Issues a campaign's coupon to each borrower named (of its market), once per borrower (the unique pair); answers how many were issued now. */
export const issueTo = async (
  tx: Db,
  campaign: CouponCampaign,
  borrowerIds: readonly number[],
  validity: { now: Date; validFrom: Date; validUntil: Date },
): Promise<number> => {
  if (borrowerIds.length === 0) return 0;
  const { now, validFrom, validUntil } = validity;
  let issued = 0;
  for (let start = 0; start < borrowerIds.length; start += 1000) {
    const chunk = borrowerIds.slice(start, start + 1000);
    const values = sql.join(
      chunk.map((borrowerId) => sql`(${newCouponPublicId()}, ${campaign.id}::bigint, ${borrowerId}::bigint)`),
      sql`, `,
    );
    const rows = rowsOf(
      await tx.execute(sql`INSERT INTO coupons (public_id, campaign_id, borrower_id, issued_at, valid_from, valid_until)
        SELECT v.public_id, v.campaign_id, v.borrower_id, ${now.toISOString()}::timestamptz, ${validFrom.toISOString()}::timestamptz,
          ${validUntil.toISOString()}::timestamptz
        FROM (VALUES ${values}) AS v (public_id, campaign_id, borrower_id)
        JOIN borrowers b ON b.id = v.borrower_id AND b.market = ${campaign.market}
        ON CONFLICT (campaign_id, borrower_id) DO NOTHING RETURNING id`),
    );
    issued += rows.length;
  }
  return issued;
};

/**
 * The borrowers an event campaign reaches that have no coupon of it yet (decision 252): a first loan
 * paid out since the campaign started, or a loan closed on or before its last due date since then.
 */
export const eventAudience = async (db: Db, campaign: CouponCampaign, borrowerId: number | null): Promise<number[]> => {
  const since = campaign.createdAt.toISOString();
  const who = borrowerId === null ? sql`` : sql`AND o.borrower_id = ${borrowerId}`;
  const reached =
    campaign.audience === 'first_loan'
      ? sql`SELECT o.borrower_id FROM orders o WHERE o.market = ${campaign.market} AND o.disbursed_at >= ${since}::timestamptz ${who}
          AND NOT EXISTS (SELECT 1 FROM orders e WHERE e.borrower_id = o.borrower_id AND e.disbursed_at < o.disbursed_at)`
      : sql`SELECT o.borrower_id FROM orders o WHERE o.market = ${campaign.market} AND o.closed_on IS NOT NULL
          AND o.closed_on >= (${since}::timestamptz)::date ${who}
          AND o.closed_on <= (SELECT max(p.due_date) FROM order_periods p WHERE p.order_id = o.id)
          AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.order_id = o.id AND l.kind = 'penalty')`;
  return rowsOf<{ borrower_id: string | number }>(
    await db.execute(sql`SELECT DISTINCT r.borrower_id FROM (${reached}) r
      WHERE NOT EXISTS (SELECT 1 FROM coupons c WHERE c.campaign_id = ${campaign.id} AND c.borrower_id = r.borrower_id)`),
  ).map((row) => num(row.borrower_id));
};

/** The live event campaigns (first loan, repaid on time) of a market: what a borrower's visit issues from. */
export const liveEventCampaigns = async (db: Db, market: 'IN' | 'ID', today: string): Promise<CouponCampaign[]> =>
  (await campaignsOf(db, market)).filter(
    (campaign) =>
      !campaign.paused &&
      (campaign.audience === 'first_loan' || campaign.audience === 'repaid_on_time') &&
      (campaign.validTo === null || campaign.validTo >= today),
  );

/** Borrowers of a market: everyone's audience. */
export const borrowersOfMarket = async (db: Db, market: 'IN' | 'ID'): Promise<number[]> =>
  rowsOf<{ id: string | number }>(await db.execute(sql`SELECT id FROM borrowers WHERE market = ${market} ORDER BY id`)).map((row) =>
    num(row.id),
  );

/** Borrowers of a market by phone (the uploaded CSV list). */
export const borrowersByPhone = async (db: Db, market: 'IN' | 'ID', phones: readonly string[]): Promise<number[]> =>
  phones.length === 0
    ? []
    : rowsOf<{ id: string | number }>(
        await db.execute(
          sql`SELECT id FROM borrowers WHERE market = ${market} AND phone IN (${sql.join(
            phones.map((phone) => sql`${phone}`),
            sql`, `,
          )})`,
        ),
      ).map((row) => num(row.id));

/** The borrowers of a market an uploaded list names, by id and by phone (decision 254): who each names, if anyone. */
export const borrowersNamed = async (
  db: Db,
  market: 'IN' | 'ID',
  ids: readonly number[],
  phones: readonly string[],
): Promise<{ id: number; phone: string }[]> => {
  const found: { id: number; phone: string }[] = [];
  const read = async (where: SQL) => {
    const rows = rowsOf<{ id: string | number; phone: string }>(
      await db.execute(sql`SELECT id, phone FROM borrowers WHERE market = ${market} AND ${where}`),
    );
    for (const row of rows) found.push({ id: num(row.id), phone: row.phone });
  };
  for (let start = 0; start < ids.length; start += 1000) {
    await read(
      sql`id IN (${sql.join(
        ids.slice(start, start + 1000).map((id) => sql`${id}::bigint`),
        sql`, `,
      )})`,
    );
  }
  for (let start = 0; start < phones.length; start += 1000) {
    await read(
      sql`phone IN (${sql.join(
        phones.slice(start, start + 1000).map((phone) => sql`${phone}`),
        sql`, `,
      )})`,
    );
  }
  return found;
};
