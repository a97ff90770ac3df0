/**
 * The collections dashboard (issue 46 §5, decision 217): one market over a range of its business
 * dates — open cases by stage, money recovered by stage, team and collector, promises made, kept and
 * broken with the keep rate, contacts per case, roll rates between the regulator's classes over the
 * month to the range's end, the cure rate and settlements. Read from the ledger rows in force and the
 * collections tables in a few statements; the console links each figure to its list of cases.
 */
import type { Market } from '@kilat/contract';
import type { CollectionsDashboard } from '@kilat/contract/console';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/database.js';
import { addDays, type BusinessDate, daysBetween } from '../../lending/business-date.js';
import type { Clock } from '../../lending/clock.js';
import { classStartDays } from '../../lending/delinquency.js';
import { CollectionsError } from './shared.js';

const ROLL_DAYS = 30;
const MAX_RANGE_DAYS = 366;

const n = (value: unknown) => Number(value ?? 0);
/** a share as a whole percentage with one decimal, null when there is nothing to divide */
const share = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

export class CollectionsDashboardReader {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The range asked, or the last 30 days to today; refused when reversed or longer than a year. */
  range(query: { market: Market; from?: string | undefined; to?: string | undefined }) {
    const to = (query.to ?? this.clock.today(query.market)) as BusinessDate;
    const from = (query.from ?? addDays(to, -29)) as BusinessDate;
    if (daysBetween(from, to) < 0) throw CollectionsError.invalid('from (on or before to)');
    if (daysBetween(from, to) >= MAX_RANGE_DAYS) throw CollectionsError.invalid('from–to (at most a year)');
    return { market: query.market, from, to };
  }

  async figures({ market, from, to }: { market: Market; from: BusinessDate; to: BusinessDate }): Promise<CollectionsDashboard> {
    const { db } = this;
    // repayments in force dated in the range, of orders with a case open on that date
    const recoveredSql = sql`
      FROM ledger_entries e
      JOIN collection_cases c ON c.order_id = e.order_id AND c.opened_on <= e.business_date
        AND (c.closed_on IS NULL OR c.closed_on >= e.business_date)
      LEFT JOIN collectors k ON k.id = c.collector_id
      LEFT JOIN collection_teams t ON t.id = k.team_id
      LEFT JOIN operators op ON op.id = k.operator_id
      WHERE c.market = ${market} AND e.kind = 'repayment' AND e.business_date BETWEEN ${from}::date AND ${to}::date
        AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.order_id = e.order_id AND r.kind = 'reversal'
          AND (r.meta->>'reverses')::bigint = e.id)`;
    const [stages, byStage, byTeam, byCollector, promises, contacts, cures, settled, rolls] = await Promise.all([
      db.execute(sql`
        SELECT coalesce(stage_code, '–') AS key, count(*) AS cases, coalesce(sum(owed_minor), 0) AS owed
        FROM collection_cases WHERE market = ${market} AND closed_on IS NULL GROUP BY 1 ORDER BY 1`),
      db.execute(sql`SELECT coalesce(c.stage_code, '–') AS key, sum(e.amount_minor) AS minor ${recoveredSql} GROUP BY 1 ORDER BY 1`),
      db.execute(sql`
        SELECT t.id AS id, coalesce(t.name, 'Unallocated') AS key, sum(e.amount_minor) AS minor ${recoveredSql}
        GROUP BY 1, 2 ORDER BY 3 DESC`),
      db.execute(sql`
        SELECT k.id AS id, coalesce(op.name, 'Unallocated') AS key, sum(e.amount_minor) AS minor ${recoveredSql}
        GROUP BY 1, 2 ORDER BY 3 DESC`),
      db.execute(sql`
        SELECT
          count(*) FILTER (WHERE (p.created_at AT TIME ZONE ${zoneOf(market)})::date BETWEEN ${from}::date AND ${to}::date) AS made,
          count(*) FILTER (WHERE p.status = 'kept' AND p.decided_on BETWEEN ${from}::date AND ${to}::date) AS kept,
          count(*) FILTER (WHERE p.status = 'broken' AND p.decided_on BETWEEN ${from}::date AND ${to}::date) AS broken
        FROM promises_to_pay p JOIN collection_cases c ON c.id = p.case_id WHERE c.market = ${market}`),
      db.execute(sql`
        SELECT
          (SELECT count(*) FROM collection_contacts x JOIN collection_cases c ON c.id = x.case_id
            WHERE c.market = ${market} AND x.local_date BETWEEN ${from}::date AND ${to}::date) AS contacts,
          (SELECT count(*) FROM collection_cases c WHERE c.market = ${market} AND c.opened_on <= ${to}::date
            AND (c.closed_on IS NULL OR c.closed_on >= ${from}::date)) AS cases`),
      db.execute(sql`
        SELECT count(*) FILTER (WHERE close_reason IN ('repaid', 'cured') AND closed_on BETWEEN ${from}::date AND ${to}::date) AS cured
        FROM collection_cases WHERE market = ${market}`),
      db.execute(sql`
        SELECT count(*) AS paid, coalesce(sum(s.waived_minor), 0) AS waived
        FROM settlements s JOIN collection_cases c ON c.id = s.case_id
        WHERE c.market = ${market} AND s.status = 'paid' AND (s.decided_at AT TIME ZONE ${zoneOf(market)})::date <= ${to}::date
          AND EXISTS (SELECT 1 FROM ledger_entries w WHERE w.order_id = s.order_id AND w.kind = 'settlement_waiver'
            AND w.business_date BETWEEN ${from}::date AND ${to}::date)`),
      this.rollRates(market, addDays(to, -ROLL_DAYS), to),
    ]);
    const casesRow = rowsOf<Record<string, unknown>>(contacts)[0] ?? {};
    const promiseRow = rowsOf<Record<string, unknown>>(promises)[0] ?? {};
    const kept = n(promiseRow.kept);
    const broken = n(promiseRow.broken);
    const casesInRange = n(casesRow.cases);
    const cured = n(rowsOf<Record<string, unknown>>(cures)[0]?.cured);
    const settledRow = rowsOf<Record<string, unknown>>(settled)[0] ?? {};
    const money = (rows: unknown) =>
      rowsOf<{ id?: unknown; key: string; minor: unknown }>(rows).map((row) => ({
        key: row.key,
        id: row.id === null || row.id === undefined ? null : n(row.id),
        recoveredMinor: n(row.minor),
      }));
    return {
      market,
      from,
      to,
      casesByStage: rowsOf<{ key: string; cases: unknown; owed: unknown }>(stages).map((row) => ({
        stage: row.key,
        cases: n(row.cases),
        owedMinor: n(row.owed),
      })),
      recoveredByStage: money(byStage).map(({ key, recoveredMinor }) => ({ stage: key, recoveredMinor })),
      recoveredByTeam: money(byTeam).map(({ key, id, recoveredMinor }) => ({ team: key, teamId: id, recoveredMinor })),
      recoveredByCollector: money(byCollector).map(({ key, id, recoveredMinor }) => ({ collector: key, collectorId: id, recoveredMinor })),
      promises: { made: n(promiseRow.made), kept, broken, keepRate: share(kept, kept + broken) },
      contactsPerCase: casesInRange === 0 ? null : Math.round((n(casesRow.contacts) / casesInRange) * 100) / 100,
      cases: casesInRange,
      cured,
      cureRate: share(cured, casesInRange),
      settlements: { paid: n(settledRow.paid), waivedMinor: n(settledRow.waived) },
      rollRates: rolls,
    };
  }

  /**
   * Of the orders in each overdue class on `start` (their latest classification on or before it),
   * the share in a later class on `end` — the bucket's roll to the next over the month.
   */
  private async rollRates(market: Market, start: BusinessDate, end: BusinessDate): Promise<CollectionsDashboard['rollRates']> {
    const classes = classStartDays(market).map((band) => band.classification);
    const found = rowsOf<{ from_class: string; to_class: string | null; orders: unknown }>(
      await this.db.execute(sql`
        WITH at_start AS (
          SELECT DISTINCT ON (x.order_id) x.order_id, x.classification
          FROM order_classifications x JOIN orders o ON o.id = x.order_id
          WHERE o.market = ${market} AND x.business_date <= ${start}::date
          ORDER BY x.order_id, x.business_date DESC
        ), at_end AS (
          SELECT DISTINCT ON (x.order_id) x.order_id, x.classification
          FROM order_classifications x JOIN at_start s ON s.order_id = x.order_id
          WHERE x.business_date <= ${end}::date
          ORDER BY x.order_id, x.business_date DESC
        )
        SELECT s.classification AS from_class, e.classification AS to_class, count(*) AS orders
        FROM at_start s LEFT JOIN at_end e ON e.order_id = s.order_id GROUP BY 1, 2`),
    );
    // the last class has nowhere to roll to
    return classes.slice(0, -1).map((classification, index) => {
      const rows = found.filter((row) => row.from_class === classification);
      const total = rows.reduce((sum, row) => sum + n(row.orders), 0);
      const rolled = rows
        .filter((row) => row.to_class !== null && (classes as readonly string[]).indexOf(row.to_class) > index)
        .reduce((sum, row) => sum + n(row.orders), 0);
      return { from: classification, to: classes[index + 1]!, orders: total, rolled, rate: share(rolled, total) };
    });
  }

  /** The figures as CSV rows: section, key, value (money in major units). */
  csv(figures: CollectionsDashboard): string {
    const major = (minor: number) => (minor / 100).toFixed(2);
    const lines: (string | number | null)[][] = [['section', 'key', 'value']];
    for (const row of figures.casesByStage)
      lines.push(['open cases', row.stage, row.cases], ['owed in open cases', row.stage, major(row.owedMinor)]);
    for (const row of figures.recoveredByStage) lines.push(['recovered by stage', row.stage, major(row.recoveredMinor)]);
    for (const row of figures.recoveredByTeam) lines.push(['recovered by team', row.team, major(row.recoveredMinor)]);
    for (const row of figures.recoveredByCollector) lines.push(['recovered by collector', row.collector, major(row.recoveredMinor)]);
    lines.push(
      ['promises', 'made', figures.promises.made],
      ['promises', 'kept', figures.promises.kept],
      ['promises', 'broken', figures.promises.broken],
      ['promises', 'keep rate %', figures.promises.keepRate],
      ['contacts', 'per case', figures.contactsPerCase],
      ['cases', 'worked in range', figures.cases],
      ['cases', 'cured', figures.cured],
      ['cases', 'cure rate %', figures.cureRate],
      ['settlements', 'paid', figures.settlements.paid],
      ['settlements', 'waived', major(figures.settlements.waivedMinor)],
    );
    for (const row of figures.rollRates) lines.push([`roll rate % ${row.from} to ${row.to}`, `${row.rolled} of ${row.orders}`, row.rate]);
    const cell = (value: string | number | null) => {
      const text = value === null ? '' : String(value);
      // a cell starting with = + - @ is read as a formula by spreadsheets: quoted and prefixed
      const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
      return /[",\n]/.test(safe) || safe !== text ? `"${safe.replaceAll('"', '""')}"` : safe;
    };
    return `${lines.map((line) => line.map(cell).join(',')).join('\n')}\n`;
  }
}

const zoneOf = (market: Market) => (market === 'IN' ? 'Asia/Kolkata' : 'Asia/Jakarta');
