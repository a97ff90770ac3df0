/**
 * The coupons' cost and effect over a range of a market's business dates (issue 50, decision 254):
 * per campaign and day, the coupons issued, used and expired and what the used ones took off (the
 * ledger's figure, `coupons.used_minor`), and the loans closed in the range repaid on time with a
 * coupon and without one. A day is the market's: an issue at 23:00 in Jakarta counts on Jakarta's date.
 */
import type { CouponDayFigures, CouponFiguresView, OnTimeFigures } from '@kilat/contract/console';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/database.js';
import { csvFile, majorUnits } from '../../../http/csv.js';
import { MarketTimeZone } from '../../../lending/business-date.js';

/** A range of a market's business dates and its instants [fromAt, toAt), as the dashboard's range (handed in by console/module.ts). */
export interface CouponRange {
  market: 'IN' | 'ID';
  from: string;
  to: string;
  fromAt: Date;
  toAt: Date;
  now: Date;
}

const CURRENCY = { IN: 'INR', ID: 'IDR' } as const;

export class CouponFigures {
  constructor(private readonly db: Db) {}

  async figures(range: CouponRange): Promise<CouponFiguresView> {
    const [days, onTime] = await Promise.all([this.days(range), this.onTime(range)]);
    return {
      market: range.market,
      from: range.from,
      to: range.to,
      days,
      withCoupon: onTime.get(true) ?? { closed: 0, onTime: 0 },
      withoutCoupon: onTime.get(false) ?? { closed: 0, onTime: 0 },
    };
  }

  /** The per-day figures as CSV: money in major units, a row per campaign and day. */
  csv(view: CouponFiguresView): string {
    return csvFile(
      ['date', 'campaign id', 'campaign', 'issued', 'used', 'expired', `discounted (${CURRENCY[view.market]})`],
      view.days.map((day) => [
        day.date,
        String(day.campaignId),
        day.campaignName,
        String(day.issued),
        String(day.used),
        String(day.expired),
        majorUnits(day.discountedMinor),
      ]),
    );
  }

  private async days(range: CouponRange): Promise<CouponDayFigures[]> {
    const zone = MarketTimeZone[range.market];
    const from = range.fromAt.toISOString();
    const to = range.toAt.toISOString();
    const now = range.now.toISOString();
    const rows = rowsOf<{
      campaign_id: string | number;
      name: string;
      day: string;
      issued: string | number;
      used: string | number;
      expired: string | number;
      discounted: string | number;
    }>(
      await this.db.execute(sql`
        WITH market_coupons AS (
          SELECT c.* FROM coupons c JOIN coupon_campaigns k ON k.id = c.campaign_id WHERE k.market = ${range.market}
        ), happened AS (
          SELECT campaign_id, issued_at AS at, 1 AS issued, 0 AS used, 0 AS expired, 0::bigint AS discounted FROM market_coupons
            WHERE issued_at >= ${from}::timestamptz AND issued_at < ${to}::timestamptz
          UNION ALL
          SELECT campaign_id, used_at, 0, 1, 0, coalesce(used_minor, 0) FROM market_coupons
            WHERE used_at >= ${from}::timestamptz AND used_at < ${to}::timestamptz
          UNION ALL
          SELECT campaign_id, valid_until, 0, 0, 1, 0 FROM market_coupons
            WHERE used_at IS NULL AND valid_until <= ${now}::timestamptz
              AND valid_until >= ${from}::timestamptz AND valid_until < ${to}::timestamptz
        )
        SELECT h.campaign_id, k.name, (h.at AT TIME ZONE ${zone})::date::text AS day, sum(h.issued)::int AS issued,
          sum(h.used)::int AS used, sum(h.expired)::int AS expired, sum(h.discounted)::bigint AS discounted
        FROM happened h JOIN coupon_campaigns k ON k.id = h.campaign_id
        GROUP BY h.campaign_id, k.name, day ORDER BY day, h.campaign_id`),
    );
    return rows.map((row) => ({
      date: row.day,
      campaignId: Number(row.campaign_id),
      campaignName: row.name,
      issued: Number(row.issued),
      used: Number(row.used),
      expired: Number(row.expired),
      discountedMinor: Number(row.discounted),
    }));
  }

  /** Loans closed in the range, with a coupon (a coupon discount in their ledger) and without, and how many on time. */
  private async onTime(range: CouponRange): Promise<Map<boolean, OnTimeFigures>> {
    const rows = rowsOf<{ with_coupon: boolean; closed: string | number; on_time: string | number }>(
      await this.db.execute(sql`
        SELECT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.order_id = o.id AND l.kind = 'coupon_discount') AS with_coupon,
          count(*)::int AS closed,
          count(*) FILTER (
            WHERE o.closed_on <= (SELECT max(p.due_date) FROM order_periods p WHERE p.order_id = o.id)
              AND NOT EXISTS (SELECT 1 FROM ledger_entries l WHERE l.order_id = o.id AND l.kind = 'penalty')
          )::int AS on_time
        FROM orders o
        WHERE o.market = ${range.market} AND o.closed_on >= ${range.from}::date AND o.closed_on <= ${range.to}::date
        GROUP BY with_coupon`),
    );
    return new Map(
      rows.map((row) => [
        row.with_coupon === true || String(row.with_coupon) === 't',
        { closed: Number(row.closed), onTime: Number(row.on_time) },
      ]),
    );
  }
}
