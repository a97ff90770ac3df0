/**
 * The dashboard's kept figures (issue 31 item 4, decision 166): a job that writes, for each market,
 * the figures of its closed business days (`dashboard_days`) and its open book by days past due
 * (`dashboard_open_book`), so that a dashboard call reads a few hundred kept rows and today's
 * postings instead of a year of the ledger and every open loan. It reads what the ledger module
 * wrote and writes only its own tables: the posting path is not touched.
 *
 * Each run summarises the days after the last one summarised, the last three closed days again
 * (postings dated a day or two back: the penalty accrual catching up), and any older day that got
 * a posting after its summary (an id above the one the summary saw). Every day is an upsert of
 * what the ledger says: run twice, the second run writes the same figures.
 */
import { Market } from '@kilat/contract';
import { DpdBucket } from '@kilat/contract/console';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { addDays, type BusinessDate, daysBetween, MarketTimeZone } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { refreshMissingPositions } from '../ledger/repository.js';
import { openLoans, staleDays, startOfDay } from './statements.js';

export const DASHBOARD_SUMMARY_JOB = 'dashboard-summary';

/** Closed days summarised again on every run, whatever was summarised before. */
const RESUMMARISED_DAYS = 3;
/** Days summarised per transaction when catching up (a first run over a year of the ledger). */
const DAYS_PER_STATEMENT = 31;

const num = (value: unknown) => Number(value ?? 0);

/** The ledger rows of the four kinds and the payouts failed or reversed, one row per day of [from, to]. */
const upsertDays = (market: Market, from: BusinessDate, to: BusinessDate, now: Date) => {
  const zone = MarketTimeZone[market];
  return sql`
    WITH through AS (
      SELECT (SELECT coalesce(max(id), 0) FROM ledger_entries) AS ledger, (SELECT coalesce(max(id), 0) FROM payout_state_changes) AS payouts
    ),
    ledger AS (
      SELECT l.business_date AS day,
             count(*) FILTER (WHERE l.kind = 'disbursement')::int AS disbursed_count,
             coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'disbursement'), 0)::bigint AS disbursed_minor,
             count(*) FILTER (WHERE l.kind = 'repayment')::int AS repaid_count,
             coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'repayment'), 0)::bigint AS repaid_minor,
             count(*) FILTER (WHERE l.kind = 'penalty')::int AS penalties_accrued_count,
             coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'penalty'), 0)::bigint AS penalties_accrued_minor,
             count(*) FILTER (WHERE l.kind = 'penalty_waiver')::int AS penalties_waived_count,
             coalesce(sum(l.amount_minor) FILTER (WHERE l.kind = 'penalty_waiver'), 0)::bigint AS penalties_waived_minor
      FROM ledger_entries l JOIN orders o ON o.id = l.order_id
      WHERE l.kind IN ('disbursement', 'repayment', 'penalty', 'penalty_waiver')
        AND l.business_date BETWEEN ${from}::date AND ${to}::date AND o.market = ${market}
      GROUP BY 1
    ),
    payouts AS (
      SELECT (c.at AT TIME ZONE ${zone})::date AS day,
             count(*) FILTER (WHERE c.status = 'failed')::int AS failed_count,
             coalesce(sum(p.amount_minor) FILTER (WHERE c.status = 'failed'), 0)::bigint AS failed_minor,
             count(*) FILTER (WHERE c.status = 'reversed')::int AS reversed_count,
             coalesce(sum(p.amount_minor) FILTER (WHERE c.status = 'reversed'), 0)::bigint AS reversed_minor
      FROM payout_state_changes c JOIN payouts p ON p.id = c.payout_id
      WHERE c.status IN ('failed', 'reversed') AND c.at >= ${startOfDay(from, market)} AND c.at < ${startOfDay(addDays(to, 1), market)}
        AND p.market = ${market}
      GROUP BY 1
    )
    INSERT INTO dashboard_days (market, business_date, disbursed_count, disbursed_minor, repaid_count, repaid_minor,
      penalties_accrued_count, penalties_accrued_minor, penalties_waived_count, penalties_waived_minor,
      payouts_failed_count, payouts_failed_minor, payouts_reversed_count, payouts_reversed_minor,
      ledger_through, payout_changes_through, summarised_at)
    SELECT ${market}, d.day,
           coalesce(l.disbursed_count, 0), coalesce(l.disbursed_minor, 0), coalesce(l.repaid_count, 0), coalesce(l.repaid_minor, 0),
           coalesce(l.penalties_accrued_count, 0), coalesce(l.penalties_accrued_minor, 0),
           coalesce(l.penalties_waived_count, 0), coalesce(l.penalties_waived_minor, 0),
           coalesce(p.failed_count, 0), coalesce(p.failed_minor, 0), coalesce(p.reversed_count, 0), coalesce(p.reversed_minor, 0),
           t.ledger, t.payouts, ${now}
    FROM (SELECT g::date AS day FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS g) AS d
    CROSS JOIN through t
    LEFT JOIN ledger l ON l.day = d.day
    LEFT JOIN payouts p ON p.day = d.day
    ON CONFLICT (market, business_date) DO UPDATE SET
      disbursed_count = excluded.disbursed_count, disbursed_minor = excluded.disbursed_minor,
      repaid_count = excluded.repaid_count, repaid_minor = excluded.repaid_minor,
      penalties_accrued_count = excluded.penalties_accrued_count, penalties_accrued_minor = excluded.penalties_accrued_minor,
      penalties_waived_count = excluded.penalties_waived_count, penalties_waived_minor = excluded.penalties_waived_minor,
      payouts_failed_count = excluded.payouts_failed_count, payouts_failed_minor = excluded.payouts_failed_minor,
      payouts_reversed_count = excluded.payouts_reversed_count, payouts_reversed_minor = excluded.payouts_reversed_minor,
      ledger_through = excluded.ledger_through, payout_changes_through = excluded.payout_changes_through,
      summarised_at = excluded.summarised_at`;
};

export interface SummaryRun {
  [market: string]: { daysSummarised: number; openLoans: number };
}

/** Summarises each market's closed days not yet summarised (and the last few again), and counts its open book now. */
export const summariseDashboard = async (db: Db, clock: Clock): Promise<SummaryRun> => {
  const run: SummaryRun = {};
  // loans disbursed before the ledger module kept their positions (decision 235) are counted from theirs too
  await refreshMissingPositions(db);
  for (const market of Object.values(Market)) {
    const now = clock.now();
    const today = clock.today(market);
    const yesterday = addDays(today, -1);
    const [last] = rowsOf<{ last: string | null; first: string | null }>(
      await db.execute(sql`
        SELECT (SELECT max(business_date)::text FROM dashboard_days WHERE market = ${market}) AS last,
               least((SELECT min(business_date) FROM ledger_entries WHERE kind IN ('disbursement', 'repayment', 'penalty', 'penalty_waiver')),
                     (SELECT (min(at) AT TIME ZONE ${MarketTimeZone[market]})::date FROM payout_state_changes WHERE status IN ('failed', 'reversed')))::text AS first`),
    );
    let start: BusinessDate;
    let days = 0;
    if (last?.last) {
      start = addDays(today, -RESUMMARISED_DAYS);
      if (daysBetween(last.last, start) > 1) start = addDays(last.last, 1);
      // in one snapshot: the older days posted to since their summary are summarised again, and every
      // older day is then known to hold the ledger up to the newest ids, so that the dashboard's check
      // for later postings reads the rows since this run only
      const before = addDays(start, -1);
      days += await db.transaction(
        async (tx) => {
          await tx.execute(sql`SET LOCAL jit = off`);
          const stale = rowsOf<{ day: string }>(await tx.execute(staleDays(market, '1970-01-01', before))).map((row) => row.day);
          for (const day of stale) await tx.execute(upsertDays(market, day, day, now));
          await tx.execute(sql`
            UPDATE dashboard_days
            SET ledger_through = (SELECT coalesce(max(id), 0) FROM ledger_entries),
                payout_changes_through = (SELECT coalesce(max(id), 0) FROM payout_state_changes)
            WHERE market = ${market} AND business_date <= ${before}::date`);
          return stale.length;
        },
        { isolationLevel: 'repeatable read' },
      );
    } else {
      start = last?.first && daysBetween(last.first, yesterday) >= 0 ? last.first : yesterday;
    }
    for (let from = start; daysBetween(from, yesterday) >= 0; from = addDays(from, DAYS_PER_STATEMENT)) {
      const to = daysBetween(addDays(from, DAYS_PER_STATEMENT - 1), yesterday) >= 0 ? addDays(from, DAYS_PER_STATEMENT - 1) : yesterday;
      await db.transaction(
        async (tx) => {
          await tx.execute(sql`SET LOCAL jit = off`);
          await tx.execute(upsertDays(market, from, to, now));
        },
        { isolationLevel: 'repeatable read' },
      );
      days += daysBetween(from, to) + 1;
    }
    // the open book as of now: what the dashboard computed live on every call
    const buckets = await db.transaction(
      async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        return rowsOf<{ bucket: string; loans: number; principal: string }>(
          await tx.execute(sql`${openLoans(market, today)}
            SELECT bucket, count(*)::int AS loans, coalesce(sum(principal), 0)::bigint AS principal FROM loans GROUP BY bucket`),
        );
      },
      { accessMode: 'read only', isolationLevel: 'repeatable read' },
    );
    const byBucket = new Map(buckets.map((row) => [row.bucket, row]));
    const book = DpdBucket.map((bucket) => ({
      bucket,
      loans: num(byBucket.get(bucket)?.loans),
      principalMinor: num(byBucket.get(bucket)?.principal),
    }));
    await db.execute(sql`
      INSERT INTO dashboard_open_book (market, business_date, as_of, buckets) VALUES (${market}, ${today}, ${now}, ${JSON.stringify(book)}::jsonb)
      ON CONFLICT (market) DO UPDATE SET business_date = excluded.business_date, as_of = excluded.as_of, buckets = excluded.buckets`);
    run[market] = { daysSummarised: days, openLoans: book.reduce((sum, entry) => sum + entry.loans, 0) };
  }
  return run;
};
