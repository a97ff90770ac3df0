/**
 * The dashboard's statements that the console's answers and the dashboard-summary job share
 * (issue 31 item 4, decision 166): a business date's first instant, the open book by days past due,
 * and the kept days posted to since their summary. Their own part, so that the jobs and the console
 * do not import each other (decision 061).
 */
import type { Market } from '@kilat/contract';
import type { DpdBucket } from '@kilat/contract/console';
import { sql } from 'drizzle-orm';
import { type BusinessDate, MarketTimeZone } from '../../lending/business-date.js';

/** India and Indonesia keep no daylight saving: a business date starts at a fixed offset (as the desk's SLA clock reads it). */
const OFFSET: Record<Market, string> = { IN: '+05:30', ID: '+07:00' };
/** The instant a business date of the market starts. */
export const startOfDay = (date: BusinessDate, market: Market) => new Date(`${date}T00:00:00${OFFSET[market]}`);

/** The days past due each bucket of the open book spans, as `openLoans` sorts them; the last has no end. */
export const BUCKET_DAYS: Record<DpdBucket, { from: number; to: number | null }> = {
  current: { from: 0, to: 0 },
  '1-30': { from: 1, to: 30 },
  '31-90': { from: 31, to: 90 },
  '91+': { from: 91, to: null },
};

/**
 * What an open order must be to be in a bucket, from its own columns (the partial index holds them):
 * its oldest unpaid due date lies between its first due date and its last (the order's), and its first
 * falls after the business date it was disbursed on, so before the next UTC midnight (the markets' own
 * midnights come earlier). One period's first due date is its last. An order with no due date passes.
 */
const mayBeIn = (bucket: DpdBucket, today: BusinessDate) => {
  const { from, to } = BUCKET_DAYS[bucket];
  const notTooOld = to === null ? sql`` : sql`AND (o.due_date IS NULL OR o.due_date >= ${today}::date - ${to}::int)`;
  const oldEnough =
    from === 0
      ? sql``
      : sql`AND (o.due_date IS NULL OR CASE WHEN o.periods = 1 THEN o.due_date <= ${today}::date - ${from}::int
               ELSE o.disbursed_at < (${today}::date - ${from}::int + 1)::timestamp AT TIME ZONE 'UTC' END)`;
  return sql`${notTooOld} ${oldEnough}`;
};

/** An open order of the market (the partial index's own condition, migration 0033), below `after` when given. */
const openOrder = (market: Market, after: number | null) =>
  sql`o.closed_on IS NULL AND o.disbursed_at IS NOT NULL AND o.cancelled_at IS NULL AND o.market = ${market}
      ${after === null ? sql`` : sql`AND o.id < ${after}`}`;

/**
 * The next window of open orders below `after` that may be in the bucket, newest first: its lowest
 * id (`floor`) and how many it holds (`n`, `size` at most). `openLoans` with that floor works them out.
 */
export const openOrdersWindow = (market: Market, today: BusinessDate, after: number | null, size: number, bucket?: DpdBucket | null) => sql`
  SELECT min(w.id) AS floor, count(*)::int AS n FROM (
    SELECT o.id FROM orders o
    WHERE ${openOrder(market, after)} ${bucket ? mayBeIn(bucket, today) : sql``}
    ORDER BY o.id DESC LIMIT ${size}
  ) w`;

export interface OpenLoansScope {
  /** only orders that may be in this bucket are worked out (the caller still filters on `bucket`) */
  bucket?: DpdBucket | null | undefined;
  /** only orders with an id this or greater (a window of the list, with `after` above it) */
  floor?: number | undefined;
}

/**
 * Each open loan's principal not yet repaid and its days past due, from the oldest period still
 * owing: both as the ledger's replay left them after the loan's latest posting (`loan_positions`,
 * written by the ledger module beside its rows, decision 235), so the open book, the collections
 * queue and the order page read one answer. A loan whose every period is paid is not in the book.
 */
export const openLoans = (market: Market, today: BusinessDate, after: number | null = null, scope: OpenLoansScope = {}) => sql`
  WITH open_orders AS MATERIALIZED (
    SELECT o.id FROM orders o
    WHERE ${openOrder(market, after)}
      ${scope.floor === undefined ? sql`` : sql`AND o.id >= ${scope.floor}`}
      ${scope.bucket ? mayBeIn(scope.bucket, today) : sql``}
  ),
  loans AS (
    SELECT p.order_id, p.principal_owed_minor AS principal, p.oldest_due, greatest(${today}::date - p.oldest_due, 0) AS dpd,
           CASE WHEN p.oldest_due >= ${today}::date THEN 'current'
                WHEN ${today}::date - p.oldest_due <= 30 THEN '1-30'
                WHEN ${today}::date - p.oldest_due <= 90 THEN '31-90'
                ELSE '91+' END AS bucket
    FROM open_orders oo JOIN loan_positions p ON p.order_id = oo.id
    WHERE p.oldest_due IS NOT NULL
  )`;

/**
 * The summarised days of the market that got a posting or a payout failure or reversal after their
 * summary: read live by the dashboard until the job summarises them again. `from` and `to` bound the days looked at.
 */
export const staleDays = (market: Market, from: BusinessDate, to: BusinessDate) => sql`
  WITH kept AS (
    SELECT min(ledger_through) AS ledger, min(payout_changes_through) AS payouts FROM dashboard_days
    WHERE market = ${market} AND business_date BETWEEN ${from}::date AND ${to}::date
  )
  SELECT DISTINCT l.business_date::text AS day
  FROM ledger_entries l JOIN dashboard_days d ON d.market = ${market} AND d.business_date = l.business_date
  WHERE l.id > (SELECT ledger FROM kept) AND l.id > d.ledger_through
    AND l.kind IN ('disbursement', 'repayment', 'penalty', 'penalty_waiver') AND l.business_date BETWEEN ${from}::date AND ${to}::date
  UNION
  SELECT DISTINCT d.business_date::text
  FROM payout_state_changes c JOIN dashboard_days d ON d.market = ${market} AND d.business_date = (c.at AT TIME ZONE ${MarketTimeZone[market]})::date
  WHERE c.id > (SELECT payouts FROM kept) AND c.id > d.payout_changes_through AND c.status IN ('failed', 'reversed')
    AND d.business_date BETWEEN ${from}::date AND ${to}::date`;
