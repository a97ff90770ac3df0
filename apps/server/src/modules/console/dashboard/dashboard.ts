/**
 * The console's dashboard (issue 31 item 4, decision 166): the business of one market over a range
 * of its business dates, each figure one set-based statement read through an index (migration
 * 0033), and the list behind every figure a page at a time (keyset, newest first) or whole as CSV.
 * Money stays in minor units here; the CSV writes major units beside the currency.
 */
import { type Market, MarketTerms, wallClock } from '@kilat/contract';
import {
  ChatbotOutcome,
  DASHBOARD_EXPORT_MAX_ROWS,
  DASHBOARD_LIST_PAGE,
  DASHBOARD_MAX_DAYS,
  type DashboardColumn,
  type DashboardDay,
  type DashboardFigure,
  type DashboardListFilter,
  type DashboardListPage,
  type DashboardListRow,
  type DashboardPart,
  type DashboardView,
  DpdBucket,
  FunnelStep,
  SlaOutcome,
} from '@kilat/contract/console';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../../db/database.js';
import { csvCell, majorUnits } from '../../../http/csv.js';
import { addDays, type BusinessDate, daysBetween, MarketTimeZone } from '../../../lending/business-date.js';
import type { Clock } from '../../../lending/clock.js';
import { ComplaintDeadlines } from '../../complaints/deadlines.js';
import { openLoans, openOrdersWindow, staleDays, startOfDay } from '../../dashboard/statements.js';
import { ConsoleError } from '../shared/console-error.js';

const ZONE_LABEL: Record<Market, string> = { IN: 'IST', ID: 'WIB' };
/** How many open orders the outstanding list works out at a time (decision 175): a page is found in the newest few thousand. */
const OUTSTANDING_WINDOW = 5000;

export interface DashboardRange {
  market: Market;
  from: BusinessDate;
  to: BusinessDate;
  /** [fromAt, toAt): the range's instants */
  fromAt: Date;
  toAt: Date;
  today: BusinessDate;
  now: Date;
}

/** The last 30 days up to the market's today unless told; refused when the range is backwards or too long. */
export const rangeOf = (clock: Clock, query: { market: Market; from?: string | undefined; to?: string | undefined }): DashboardRange => {
  const today = clock.today(query.market);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -29);
  let days: number;
  try {
    days = daysBetween(from, to) + 1;
  } catch {
    throw ConsoleError.invalid('from, to (calendar dates)');
  }
  if (days < 1) throw ConsoleError.invalid('from (on or before to)');
  if (days > DASHBOARD_MAX_DAYS) throw ConsoleError.invalid(`to (at most ${DASHBOARD_MAX_DAYS} days after from)`);
  return {
    market: query.market,
    from,
    to,
    fromAt: startOfDay(from, query.market),
    toAt: startOfDay(addDays(to, 1), query.market),
    today,
    now: clock.now(),
  };
};

/**
 * A complaint's deadline, 3 weekdays after it was made at the same local time (console/sla.ts), as
 * SQL: from the local day of the week, the calendar days to add (Wednesday to Friday 5, Saturday 4, else 3).
 */
const slaDueAt = (createdAt: SQL, market: Market) =>
  sql`(${createdAt} + make_interval(days => CASE extract(isodow FROM ${createdAt} AT TIME ZONE ${MarketTimeZone[market]})::int WHEN 3 THEN 5 WHEN 4 THEN 5 WHEN 5 THEN 5 WHEN 6 THEN 4 ELSE 3 END))`;

/** The outcome of a complaint against its deadline; closing without a reply answers it too. */
const slaOutcome = (market: Market, now: Date) => {
  const due = slaDueAt(sql`c.created_at`, market);
  return sql`CASE
    WHEN coalesce(c.replied_at, d.closed_at) IS NOT NULL THEN CASE WHEN coalesce(c.replied_at, d.closed_at) <= ${due} THEN 'met' ELSE 'missed' END
    WHEN ${due} < ${now} THEN 'overdue' ELSE 'pending' END`;
};

const LEDGER_KIND = {
  disbursed: 'disbursement',
  repaid: 'repayment',
  penaltiesAccrued: 'penalty',
  penaltiesWaived: 'penalty_waiver',
} as const;
const PAYOUT_STATUS = { payoutsFailed: 'failed', payoutsReversed: 'reversed' } as const;

type Figure = DashboardFigure;
type LedgerRow = {
  day: string;
  kind: 'disbursement' | 'repayment' | 'penalty' | 'penalty_waiver';
  n: number | string;
  minor: number | string;
};
type PayoutRow = { day: string; status: 'failed' | 'reversed'; n: number | string; minor: number | string };
/** A row of dashboard_days (migration 0036). */
interface KeptDay {
  day: string;
  disbursed_count: number;
  disbursed_minor: string;
  repaid_count: number;
  repaid_minor: string;
  penalties_accrued_count: number;
  penalties_accrued_minor: string;
  penalties_waived_count: number;
  penalties_waived_minor: string;
  payouts_failed_count: number;
  payouts_failed_minor: string;
  payouts_reversed_count: number;
  payouts_reversed_minor: string;
}
const num = (value: unknown) => Number(value ?? 0);

export class Dashboard {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** how many open orders the outstanding list works out at a time */
    private readonly outstandingWindow = OUTSTANDING_WINDOW,
  ) {}

  /**
   * One answer's statements in one read-only, repeatable-read transaction (one snapshot: the figures
   * agree with each other), each awaited in turn by the work on its connection, with PostgreSQL's JIT
   * off: compiling these plans took longer than running them (a second against 200 ms at 100,000
   * orders, decision 166).
   */
  private within<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(
      async (tx) => {
        await tx.execute(sql`SET LOCAL jit = off`);
        return work(tx as unknown as Db);
      },
      { accessMode: 'read only', isolationLevel: 'repeatable read' },
    );
  }

  range(query: { market: Market; from?: string | undefined; to?: string | undefined }) {
    return rangeOf(this.clock, query);
  }

  /** Every figure of the market over the range; the outstanding one as of today. Six statements, run together. */
  async figures(range: DashboardRange): Promise<DashboardView> {
    const { market, from, to, fromAt, toAt, today, now } = range;
    const zone = MarketTimeZone[market];
    const [kept, ledger, payouts, book, complaints, chatbot, funnel] = await this.within(async (db) => {
      // the closed days the dashboard-summary job kept, less those posted to since (read live)
      const keptRows = rowsOf<KeptDay>(
        await db.execute(sql`
          SELECT business_date::text AS day, disbursed_count, disbursed_minor, repaid_count, repaid_minor,
                 penalties_accrued_count, penalties_accrued_minor, penalties_waived_count, penalties_waived_minor,
                 payouts_failed_count, payouts_failed_minor, payouts_reversed_count, payouts_reversed_minor
          FROM dashboard_days
          WHERE market = ${market} AND business_date BETWEEN ${from}::date AND ${to}::date AND business_date < ${today}::date`),
      );
      const stale =
        keptRows.length === 0
          ? new Set<string>()
          : new Set(rowsOf<{ day: string }>(await db.execute(staleDays(market, from, to))).map((row) => row.day));
      const keptDays = keptRows.filter((row) => !stale.has(row.day));
      const summarised = new Set(keptDays.map((row) => row.day));
      // today, and any day not summarised yet, from the ledger and the payouts themselves
      const live: BusinessDate[] = [];
      for (let day = from; daysBetween(day, to) >= 0; day = addDays(day, 1)) if (!summarised.has(day)) live.push(day);
      const liveSet = new Set<string>(live);
      const liveFrom = live[0];
      const liveTo = live.at(-1);
      const liveLedger =
        liveFrom === undefined || liveTo === undefined
          ? []
          : rowsOf<LedgerRow>(
              await db.execute(sql`
                SELECT l.business_date::text AS day, l.kind, count(*)::int AS n, coalesce(sum(l.amount_minor), 0)::bigint AS minor
                FROM ledger_entries l JOIN orders o ON o.id = l.order_id
                WHERE l.kind IN ('disbursement', 'repayment', 'penalty', 'penalty_waiver')
                  AND l.business_date BETWEEN ${liveFrom}::date AND ${liveTo}::date AND o.market = ${market}
                GROUP BY 1, 2`),
            ).filter((row) => liveSet.has(row.day));
      const livePayouts =
        liveFrom === undefined || liveTo === undefined
          ? []
          : rowsOf<PayoutRow>(
              await db.execute(sql`
                SELECT (c.at AT TIME ZONE ${zone})::date::text AS day, c.status, count(*)::int AS n, coalesce(sum(p.amount_minor), 0)::bigint AS minor
                FROM payout_state_changes c JOIN payouts p ON p.id = c.payout_id
                WHERE c.status IN ('failed', 'reversed') AND c.at >= ${startOfDay(liveFrom, market)} AND c.at < ${startOfDay(addDays(liveTo, 1), market)}
                  AND p.market = ${market}
                GROUP BY 1, 2`),
            ).filter((row) => liveSet.has(row.day));
      // the open book as the job last counted it today, else counted now
      const [snapshot] = rowsOf<{ as_of: Date | string; buckets: { bucket: string; loans: number; principalMinor: number }[] }>(
        await db.execute(sql`SELECT as_of, buckets FROM dashboard_open_book WHERE market = ${market} AND business_date = ${today}::date`),
      );
      const openBook = snapshot
        ? { asOf: iso(snapshot.as_of) ?? now.toISOString(), buckets: snapshot.buckets }
        : {
            asOf: now.toISOString(),
            buckets: rowsOf<{ bucket: string; loans: number; principal: string }>(
              await db.execute(sql`${openLoans(market, today)}
                SELECT bucket, count(*)::int AS loans, coalesce(sum(principal), 0)::bigint AS principal FROM loans GROUP BY bucket`),
            ).map((row) => ({ bucket: row.bucket, loans: num(row.loans), principalMinor: num(row.principal) })),
          };
      return [
        keptDays,
        liveLedger,
        livePayouts,
        openBook,
        await db.execute(sql`
          SELECT ${slaOutcome(market, now)} AS outcome, count(*)::int AS n, count(s.score)::int AS ratings, coalesce(sum(s.score), 0)::int AS score_sum
          FROM complaints c
          JOIN borrowers b ON b.id = c.borrower_id
          LEFT JOIN complaint_desk d ON d.complaint_id = c.id
          LEFT JOIN complaint_scores s ON s.complaint_id = c.id
          WHERE b.market = ${market} AND c.created_at >= ${fromAt} AND c.created_at < ${toAt}
          GROUP BY 1`),
        await db.execute(sql`
          SELECT count(*) FILTER (WHERE r.type = 2 AND r.value = '1')::int AS resolved,
                 count(*) FILTER (WHERE r.type = 2 AND r.value = '2')::int AS unresolved,
                 count(*) FILTER (WHERE r.type = 1)::int AS handed_over
          FROM qa_records r JOIN borrowers b ON b.id = r.borrower_id
          WHERE r.type IN (1, 2) AND r.created_at >= ${fromAt} AND r.created_at < ${toAt} AND b.market = ${market}`),
        await db.execute(sql`
          WITH steps AS (
            SELECT e.user_from AS channel, e.utm_tag, e.kind AS step
            FROM promotion_events e JOIN landing_templates t ON t.id = e.page_id
            WHERE t.market = ${market} AND e.created_at >= ${fromAt} AND e.created_at < ${toAt}
            UNION ALL
            SELECT coalesce(k.user_from, ''), coalesce(k.utm_tag, ''), 'sms'
            FROM registration_codes rc ${lastClick}
            WHERE rc.market = ${market} AND rc.created_at >= ${fromAt} AND rc.created_at < ${toAt}
            UNION ALL
            SELECT r.user_from, r.utm_tag, 'register'
            FROM registrations r JOIN borrowers b ON b.id = r.borrower_id
            WHERE b.market = ${market} AND r.created_at >= ${fromAt} AND r.created_at < ${toAt}
          )
          SELECT channel, utm_tag,
                 count(*) FILTER (WHERE step = 'visit')::int AS visit, count(*) FILTER (WHERE step = 'click')::int AS click,
                 count(*) FILTER (WHERE step = 'sms')::int AS sms, count(*) FILTER (WHERE step = 'register')::int AS register
          FROM steps GROUP BY 1, 2
          ORDER BY visit DESC, click DESC, sms DESC, register DESC, channel, utm_tag
          LIMIT 50`),
      ] as const;
    });

    const days: DashboardDay[] = [];
    const byDay = new Map<string, DashboardDay>();
    for (let day = from; daysBetween(day, to) >= 0; day = addDays(day, 1)) {
      const entry = {
        day,
        disbursedMinor: 0,
        repaidMinor: 0,
        penaltiesAccruedMinor: 0,
        penaltiesWaivedMinor: 0,
        payoutsFailed: 0,
        payoutsReversed: 0,
      };
      days.push(entry);
      byDay.set(day, entry);
    }
    const zero = () => ({ count: 0, minor: 0 });
    const totals: DashboardView['totals'] = {
      disbursed: zero(),
      repaid: zero(),
      penaltiesAccrued: zero(),
      penaltiesWaived: zero(),
      payoutsFailed: zero(),
      payoutsReversed: zero(),
    };
    const ledgerField = {
      disbursement: ['disbursed', 'disbursedMinor'],
      repayment: ['repaid', 'repaidMinor'],
      penalty: ['penaltiesAccrued', 'penaltiesAccruedMinor'],
      penalty_waiver: ['penaltiesWaived', 'penaltiesWaivedMinor'],
    } as const;
    // a kept day's figures are the rows its statement would have read
    const keptLedger: LedgerRow[] = kept.flatMap((row) => [
      { day: row.day, kind: 'disbursement', n: row.disbursed_count, minor: row.disbursed_minor },
      { day: row.day, kind: 'repayment', n: row.repaid_count, minor: row.repaid_minor },
      { day: row.day, kind: 'penalty', n: row.penalties_accrued_count, minor: row.penalties_accrued_minor },
      { day: row.day, kind: 'penalty_waiver', n: row.penalties_waived_count, minor: row.penalties_waived_minor },
    ]);
    const keptPayouts: PayoutRow[] = kept.flatMap((row) => [
      { day: row.day, status: 'failed', n: row.payouts_failed_count, minor: row.payouts_failed_minor },
      { day: row.day, status: 'reversed', n: row.payouts_reversed_count, minor: row.payouts_reversed_minor },
    ]);
    for (const row of [...keptLedger, ...ledger]) {
      const [total, field] = ledgerField[row.kind];
      totals[total].count += num(row.n);
      totals[total].minor += num(row.minor);
      const entry = byDay.get(row.day);
      if (entry) entry[field] += num(row.minor);
    }
    for (const row of [...keptPayouts, ...payouts]) {
      const [total, field] =
        row.status === 'failed' ? (['payoutsFailed', 'payoutsFailed'] as const) : (['payoutsReversed', 'payoutsReversed'] as const);
      totals[total].count += num(row.n);
      totals[total].minor += num(row.minor);
      const entry = byDay.get(row.day);
      if (entry) entry[field] += num(row.n);
    }
    const buckets = new Map(book.buckets.map((row) => [row.bucket, row]));
    const sla = { met: 0, missed: 0, overdue: 0, pending: 0 } as Record<(typeof SlaOutcome)[number], number>;
    let ratings = 0;
    let scoreSum = 0;
    for (const row of rowsOf<{ outcome: (typeof SlaOutcome)[number]; n: number; ratings: number; score_sum: number }>(complaints)) {
      sla[row.outcome] += num(row.n);
      ratings += num(row.ratings);
      scoreSum += num(row.score_sum);
    }
    const judged = sla.met + sla.missed + sla.overdue;
    const bot = rowsOf<{ resolved: number; unresolved: number; handed_over: number }>(chatbot)[0];
    return {
      market,
      currency: MarketTerms[market].currency,
      from,
      to,
      today,
      days,
      totals,
      outstandingAsOf: book.asOf,
      outstanding: DpdBucket.map((bucket) => ({
        bucket,
        loans: num(buckets.get(bucket)?.loans),
        principalMinor: num(buckets.get(bucket)?.principalMinor),
      })),
      complaints: {
        ...sla,
        total: judged + sla.pending,
        compliancePercent: judged === 0 ? null : Math.round((1000 * sla.met) / judged) / 10,
        ratings,
        averageRating: ratings === 0 ? null : Math.round((100 * scoreSum) / ratings) / 100,
      },
      regulatorDeadlines: await new ComplaintDeadlines(this.db, this.clock).figures(market),
      chatbot: { resolved: num(bot?.resolved), unresolved: num(bot?.unresolved), handedOver: num(bot?.handed_over) },
      funnel: rowsOf<{ channel: string; utm_tag: string; visit: number; click: number; sms: number; register: number }>(funnel).map(
        (row) => ({
          channel: row.channel,
          utmTag: row.utm_tag,
          visit: num(row.visit),
          click: num(row.click),
          sms: num(row.sms),
          register: num(row.register),
        }),
      ),
    };
  }

  /** Refuses a part the figure has not, before anything is read or sent. */
  check(query: DashboardListFilter): void {
    listSpec(query);
  }

  /** One page of the list behind a figure, newest first; `next` is the cursor of the page after. */
  async list(query: DashboardListFilter, range: DashboardRange, limit = DASHBOARD_LIST_PAGE): Promise<DashboardListPage> {
    const spec = listSpec(query);
    const rows = await this.within(async (db) => {
      const { window } = spec;
      if (!window) return rowsOf<Record<string, unknown>>(await db.execute(spec.statement(range, query.after ?? null, limit + 1)));
      // window after window, newest first, until the page and the one row past it are found or no rows are left
      const found: Record<string, unknown>[] = [];
      let after = query.after ?? null;
      while (found.length <= limit) {
        const [next] = rowsOf<{ floor: unknown; n: unknown }>(await db.execute(window(range, after, this.outstandingWindow)));
        if (!next || num(next.n) === 0) break;
        const floor = num(next.floor);
        found.push(...rowsOf<Record<string, unknown>>(await db.execute(spec.statement(range, after, limit + 1 - found.length, floor))));
        if (num(next.n) < this.outstandingWindow) break;
        after = floor;
      }
      return found;
    });
    const page = rows.slice(0, limit).map((row): DashboardListRow => ({ id: num(row.id), values: spec.values(row) }));
    return {
      figure: query.figure,
      market: range.market,
      currency: MarketTerms[range.market].currency,
      title: spec.title,
      columns: spec.columns,
      rows: page,
      next: rows.length > limit ? page.at(-1)!.id : null,
    };
  }

  /** The whole list, a thousand rows a statement, up to DASHBOARD_EXPORT_MAX_ROWS. */
  async *all(query: DashboardListFilter, range: DashboardRange): AsyncGenerator<DashboardListPage> {
    let after: number | undefined;
    let sent = 0;
    do {
      const page = await this.list({ ...query, after }, range, Math.min(1000, DASHBOARD_EXPORT_MAX_ROWS - sent));
      sent += page.rows.length;
      yield page;
      after = page.next ?? undefined;
    } while (after !== undefined && sent < DASHBOARD_EXPORT_MAX_ROWS);
  }
}

/** A code sent for registration belongs to the channel of its phone's last click before it (decision 166). */
const lastClick = sql`LEFT JOIN LATERAL (
  SELECT e.user_from, e.utm_tag FROM promotion_events e
  WHERE e.kind = 'click' AND e.phone <> '' AND e.phone = rc.phone AND e.created_at <= rc.created_at
  ORDER BY e.created_at DESC LIMIT 1
) k ON true`;

interface ListSpec {
  title: string;
  columns: DashboardColumn[];
  /** newest first, ids below `after` (and from `floor` when the list is read by windows) */
  statement: (range: DashboardRange, after: number | null, limit: number, floor?: number) => SQL;
  /**
   * The next window of a list too costly to work out whole for one page: the lowest id (`floor`) and
   * the count (`n`) of the next `size` rows below `after` that may belong to it.
   */
  window?: (range: DashboardRange, after: number | null, size: number) => SQL;
  values: (row: Record<string, unknown>) => DashboardListRow['values'];
}

const column = (key: string, header: string, type: DashboardColumn['type']): DashboardColumn => ({ key, header, type });
const before = (expression: SQL, after: number | null) => (after === null ? sql`` : sql`AND ${expression} < ${after}`);
const iso = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value === null || value === undefined ? null : new Date(String(value)).toISOString();
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
/** A phone as the lists show it: its last four digits. */
const maskedPhone = (phone: unknown) => {
  const digits = text(phone);
  return digits.length > 4 ? `••••${digits.slice(-4)}` : digits;
};

const orderAndBorrower = (row: Record<string, unknown>) => ({
  order: row.order_id === null || row.order_id === undefined ? null : num(row.order_id),
  orderNo: row.order_no === null || row.order_no === undefined ? null : text(row.order_no),
  borrower: row.borrower_id === null || row.borrower_id === undefined ? null : num(row.borrower_id),
  borrowerName: text(row.borrower_name),
});

const partOf = <T extends readonly string[]>(allowed: T, part: DashboardPart | undefined, figure: Figure): T[number] | null => {
  if (part === undefined) return null;
  if (!(allowed as readonly string[]).includes(part)) throw ConsoleError.invalid(`part (${figure}: ${allowed.join(', ')})`);
  return part as T[number];
};

const LEDGER_TITLE: Record<keyof typeof LEDGER_KIND, string> = {
  disbursed: 'Disbursements',
  repaid: 'Repayments',
  penaltiesAccrued: 'Penalties accrued',
  penaltiesWaived: 'Penalties waived',
};

const listSpec = (query: DashboardListFilter): ListSpec => {
  const { figure } = query;
  if (figure === 'disbursed' || figure === 'repaid' || figure === 'penaltiesAccrued' || figure === 'penaltiesWaived') {
    partOf([] as const, query.part, figure);
    const kind = LEDGER_KIND[figure];
    return {
      title: LEDGER_TITLE[figure],
      columns: [
        column('businessDate', 'Business date', 'date'),
        column('order', 'Order', 'order'),
        column('borrower', 'Borrower', 'borrower'),
        column('amount', 'Amount', 'money'),
        column('reference', 'Reference', 'text'),
      ],
      statement: ({ market, from, to }, after, limit) => sql`
        SELECT l.id, l.business_date::text AS business_date, l.order_id, o.order_no, o.borrower_id, b.name AS borrower_name, l.amount_minor,
               -- an offline repayment's is the bank's reference (issue 47 item 10)
               coalesce(l.meta ->> 'utr', l.meta ->> 'bankReference', l.meta ->> 'paymentId', l.meta ->> 'waiverId', '') AS reference
        FROM ledger_entries l JOIN orders o ON o.id = l.order_id JOIN borrowers b ON b.id = o.borrower_id
        WHERE l.kind = ${kind} AND l.business_date BETWEEN ${from}::date AND ${to}::date AND o.market = ${market} ${before(sql`l.id`, after)}
        ORDER BY l.id DESC LIMIT ${limit}`,
      values: (row) => ({
        businessDate: text(row.business_date),
        ...orderAndBorrower(row),
        amount: num(row.amount_minor),
        reference: text(row.reference),
      }),
    };
  }
  if (figure === 'payoutsFailed' || figure === 'payoutsReversed') {
    partOf([] as const, query.part, figure);
    const status = PAYOUT_STATUS[figure];
    return {
      title: figure === 'payoutsFailed' ? 'Payouts failed' : 'Payouts reversed',
      columns: [
        column('at', status === 'failed' ? 'Failed at' : 'Reversed at', 'instant'),
        column('order', 'Order', 'order'),
        column('borrower', 'Borrower', 'borrower'),
        column('amount', 'Amount', 'money'),
        column('attempt', 'Attempt', 'number'),
        column('gateway', 'Gateway', 'text'),
        column('reason', "Gateway's reason", 'text'),
      ],
      statement: ({ market, fromAt, toAt }, after, limit) => sql`
        SELECT c.id, c.at, p.order_id, o.order_no, p.borrower_id, b.name AS borrower_name, p.amount_minor, p.attempt, p.gateway,
               trim(coalesce(c.failure_code, '') || ' ' || coalesce(c.failure_reason, '')) AS reason
        FROM payout_state_changes c JOIN payouts p ON p.id = c.payout_id JOIN orders o ON o.id = p.order_id JOIN borrowers b ON b.id = p.borrower_id
        WHERE c.status = ${status} AND c.at >= ${fromAt} AND c.at < ${toAt} AND p.market = ${market} ${before(sql`c.id`, after)}
        ORDER BY c.id DESC LIMIT ${limit}`,
      values: (row) => ({
        at: iso(row.at),
        ...orderAndBorrower(row),
        amount: num(row.amount_minor),
        attempt: num(row.attempt),
        gateway: text(row.gateway),
        reason: text(row.reason),
      }),
    };
  }
  if (figure === 'outstanding') {
    const bucket = partOf(DpdBucket, query.part, figure);
    return {
      title: bucket ? `Outstanding loans, ${bucket === 'current' ? 'current' : `${bucket} days past due`}` : 'Outstanding loans',
      columns: [
        column('order', 'Order', 'order'),
        column('borrower', 'Borrower', 'borrower'),
        column('principal', 'Principal outstanding', 'money'),
        column('oldestDue', 'Oldest unpaid due date', 'date'),
        column('dpd', 'Days past due', 'number'),
        column('bucket', 'Bucket', 'text'),
      ],
      // the newest few thousand orders that may be in the bucket at a time, each worked out, until a page is full
      window: ({ market, today }, after, size) => openOrdersWindow(market, today, after, size, bucket),
      // the page's loans first, then their orders and borrowers: a join before the limit walked every order
      statement: ({ market, today }, after, limit, floor) => sql`${openLoans(market, today, after, { bucket, floor })}
        SELECT l.order_id AS id, l.order_id, o.order_no, o.borrower_id, b.name AS borrower_name, l.principal, l.oldest_due::text AS oldest_due, l.dpd, l.bucket
        FROM (SELECT * FROM loans ${bucket ? sql`WHERE bucket = ${bucket}` : sql``} ORDER BY order_id DESC LIMIT ${limit}) l
        JOIN orders o ON o.id = l.order_id JOIN borrowers b ON b.id = o.borrower_id
        ORDER BY l.order_id DESC`,
      values: (row) => ({
        ...orderAndBorrower(row),
        principal: num(row.principal),
        oldestDue: text(row.oldest_due),
        dpd: num(row.dpd),
        bucket: text(row.bucket),
      }),
    };
  }
  if (figure === 'complaints') {
    const outcome = partOf(SlaOutcome, query.part, figure);
    return {
      title: outcome
        ? `Complaints, reply ${outcome === 'met' ? 'on time' : outcome === 'missed' ? 'late' : outcome === 'overdue' ? 'overdue' : 'not yet due'}`
        : 'Complaints',
      columns: [
        column('complaint', 'Complaint', 'number'),
        column('createdAt', 'Made at', 'instant'),
        column('order', 'Order', 'order'),
        column('borrower', 'Borrower', 'borrower'),
        column('dueAt', 'Reply due', 'instant'),
        column('answeredAt', 'Answered at', 'instant'),
        column('outcome', 'Service level', 'text'),
        column('rating', 'Rating', 'number'),
      ],
      statement: ({ market, fromAt, toAt, now }, after, limit) => sql`
        SELECT * FROM (
          SELECT c.id, c.created_at, c.order_id, o.order_no, c.borrower_id, b.name AS borrower_name,
                 ${slaDueAt(sql`c.created_at`, market)} AS due_at, coalesce(c.replied_at, d.closed_at) AS answered_at,
                 ${slaOutcome(market, now)} AS outcome, s.score
          FROM complaints c
          JOIN borrowers b ON b.id = c.borrower_id
          LEFT JOIN orders o ON o.id = c.order_id
          LEFT JOIN complaint_desk d ON d.complaint_id = c.id
          LEFT JOIN complaint_scores s ON s.complaint_id = c.id
          WHERE b.market = ${market} AND c.created_at >= ${fromAt} AND c.created_at < ${toAt} ${before(sql`c.id`, after)}
        ) AS listed
        ${outcome ? sql`WHERE outcome = ${outcome}` : sql``}
        ORDER BY id DESC LIMIT ${limit}`,
      values: (row) => ({
        complaint: num(row.id),
        createdAt: iso(row.created_at),
        ...orderAndBorrower(row),
        dueAt: iso(row.due_at),
        answeredAt: iso(row.answered_at),
        outcome: text(row.outcome),
        rating: row.score === null || row.score === undefined ? null : num(row.score),
      }),
    };
  }
  if (figure === 'chatbot') {
    const outcome = partOf(ChatbotOutcome, query.part, figure);
    const which =
      outcome === 'resolved'
        ? sql`r.type = 2 AND r.value = '1'`
        : outcome === 'unresolved'
          ? sql`r.type = 2 AND r.value = '2'`
          : sql`r.type IN (1, 2)`;
    return {
      title: outcome ? `Chatbot answers ${outcome === 'resolved' ? 'resolved' : 'not resolved'}` : 'Chatbot feedback and hand-overs',
      columns: [
        column('at', 'At', 'instant'),
        column('borrower', 'Borrower', 'borrower'),
        column('order', 'Order', 'order'),
        column('outcome', 'Outcome', 'text'),
        column('question', 'Question', 'text'),
      ],
      statement: ({ market, fromAt, toAt }, after, limit) => sql`
        SELECT r.id, r.created_at, r.borrower_id, b.name AS borrower_name, r.order_id, o.order_no,
               CASE WHEN r.type = 1 THEN 'handed over' WHEN r.value = '1' THEN 'resolved' ELSE 'not resolved' END AS outcome,
               coalesce((SELECT t.title FROM qa_node_texts t WHERE t.node_id = r.qa_id AND t.locale = 'en-IN'), '') AS question
        FROM qa_records r JOIN borrowers b ON b.id = r.borrower_id LEFT JOIN orders o ON o.id = r.order_id
        WHERE ${which} AND r.created_at >= ${fromAt} AND r.created_at < ${toAt} AND b.market = ${market} ${before(sql`r.id`, after)}
        ORDER BY r.id DESC LIMIT ${limit}`,
      values: (row) => ({
        at: iso(row.created_at),
        ...orderAndBorrower(row),
        outcome: text(row.outcome),
        question: text(row.question),
      }),
    };
  }
  // the funnel: one step's events, by channel and tag when told
  const step = partOf(FunnelStep, query.part ?? 'visit', figure)!;
  const narrowed = (channel: SQL, tag: SQL) =>
    sql`${query.channel === undefined ? sql`` : sql`AND ${channel} = ${query.channel}`} ${query.utmTag === undefined ? sql`` : sql`AND ${tag} = ${query.utmTag}`}`;
  const columns = [
    column('at', 'At', 'instant'),
    column('channel', 'Channel', 'text'),
    column('utmTag', 'utm_tag', 'text'),
    ...(step === 'register' ? [column('borrower', 'Borrower', 'borrower')] : [column('phone', 'Phone', 'text')]),
  ];
  const title = { visit: 'Landing-page visits', click: 'Landing-page clicks', sms: 'Registration codes sent', register: 'Registrations' }[
    step
  ];
  return {
    title,
    columns,
    statement: ({ market, fromAt, toAt }, after, limit) => {
      if (step === 'visit' || step === 'click')
        return sql`
          SELECT e.id, e.created_at, e.user_from AS channel, e.utm_tag, e.phone
          FROM promotion_events e JOIN landing_templates t ON t.id = e.page_id
          WHERE e.kind = ${step} AND t.market = ${market} AND e.created_at >= ${fromAt} AND e.created_at < ${toAt}
            ${narrowed(sql`e.user_from`, sql`e.utm_tag`)} ${before(sql`e.id`, after)}
          ORDER BY e.id DESC LIMIT ${limit}`;
      if (step === 'sms')
        return sql`
          SELECT rc.id, rc.created_at, coalesce(k.user_from, '') AS channel, coalesce(k.utm_tag, '') AS utm_tag, rc.phone
          FROM registration_codes rc ${lastClick}
          WHERE rc.market = ${market} AND rc.created_at >= ${fromAt} AND rc.created_at < ${toAt}
            ${narrowed(sql`coalesce(k.user_from, '')`, sql`coalesce(k.utm_tag, '')`)} ${before(sql`rc.id`, after)}
          ORDER BY rc.id DESC LIMIT ${limit}`;
      return sql`
        SELECT r.id, r.created_at, r.user_from AS channel, r.utm_tag, r.borrower_id, b.name AS borrower_name
        FROM registrations r JOIN borrowers b ON b.id = r.borrower_id
        WHERE b.market = ${market} AND r.created_at >= ${fromAt} AND r.created_at < ${toAt}
          ${narrowed(sql`r.user_from`, sql`r.utm_tag`)} ${before(sql`r.id`, after)}
        ORDER BY r.id DESC LIMIT ${limit}`;
    },
    values: (row) => ({
      at: iso(row.created_at),
      channel: text(row.channel),
      utmTag: text(row.utm_tag),
      ...(step === 'register'
        ? { borrower: num(row.borrower_id), borrowerName: text(row.borrower_name) }
        : { phone: maskedPhone(row.phone) }),
    }),
  };
};

// CSV (RFC 4180) of a list: what a spreadsheet opens without running anything

// one CSV writer for every export (the books' too)
export { csvCell, majorUnits };

/** An instant as the market's wall clock, `2026-11-26 14:05:09` (the header names the zone). */
export const marketTime = (isoTime: string, market: Market): string => {
  const clock = wallClock(isoTime, market);
  return `${clock.year}-${clock.month}-${clock.day} ${clock.hour}:${clock.minute}:${clock.second}`;
};

const csvHeaders = (columns: DashboardColumn[], market: Market, currency: string): string[] =>
  columns.flatMap((entry) => {
    if (entry.type === 'money') return [`${entry.header} (${currency})`];
    if (entry.type === 'instant') return [`${entry.header} (${ZONE_LABEL[market]})`];
    if (entry.type === 'order') return ['Order number'];
    if (entry.type === 'borrower') return ['Borrower id', 'Borrower name'];
    return [entry.header];
  });

const csvValues = (columns: DashboardColumn[], row: DashboardListRow, market: Market): string[] =>
  columns.flatMap((entry) => {
    const value = row.values[entry.key];
    if (entry.type === 'money') return [value === null || value === undefined ? '' : majorUnits(Number(value))];
    if (entry.type === 'instant') return [value ? marketTime(String(value), market) : ''];
    if (entry.type === 'number') return [value === null || value === undefined ? '' : String(value)];
    if (entry.type === 'order') return [csvCell(text(row.values.orderNo))];
    if (entry.type === 'borrower')
      return [value === null || value === undefined ? '' : String(value), csvCell(text(row.values.borrowerName))];
    return [csvCell(text(value))];
  });

/** The CSV of a list, a line at a time: the header, then each page's rows as they are read. */
export async function* csvLines(pages: AsyncIterable<DashboardListPage>): AsyncGenerator<string> {
  let first = true;
  for await (const page of pages) {
    if (first) {
      // a byte-order mark, so that a spreadsheet reads the names in UTF-8
      yield `\ufeff${csvHeaders(page.columns, page.market, page.currency).map(csvCell).join(',')}\r\n`;
      first = false;
    }
    if (page.rows.length > 0) yield `${page.rows.map((row) => csvValues(page.columns, row, page.market).join(',')).join('\r\n')}\r\n`;
  }
}
