/**
 * `npm run bench -- scale` (issue 33): Kilat with a lender's year of orders. The bench's server
 * runs on a scratch PostgreSQL database; this module grows it to a given number of orders (with
 * their schedules and ledgers, as lending leaves them: three of each borrower's four loans repaid,
 * the fourth open, two in five of those overdue), reads how the tables were scanned, and puts every
 * statement the borrower's calls send through EXPLAIN, so a plan that reads a whole table of orders,
 * periods or ledger rows is named.
 */
import { API_PREFIX, Endpoints } from '@kilat/contract';
import pg from 'pg';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { systemClock } from '../lending/clock.js';
import { type SummaryRun, summariseDashboard } from '../modules/dashboard/summary.js';
import { benchConfig } from './bench-app.js';

/** Each grown borrower has this many loans: all but the last repaid. */
const LOANS_PER_BORROWER = 4;
/** Borrowers added per transaction: 100,000 orders with their periods and ledger rows. */
const BORROWERS_PER_CHUNK = 25_000;
/** The tables whose size grows with the business: a whole-table read of one of them does not scale. */
export const GROWING_TABLES = ['orders', 'order_periods', 'ledger_entries', 'borrowers'] as const;

export interface Growth {
  added: number;
  total: number;
  seconds: number;
}

const countOrders = async (client: pg.Client) => Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM orders')).rows[0]!.n);

/**
 * One chunk of borrowers and their loans, set-based: 2,000,000-paisa loans of 91 days on the market's
 * first product; closed ones repaid two days before their due date, open ones due in 61 days or 9 days
 * overdue. The revision triggers are off while seeding (they would rewrite every order once per
 * statement); nothing reads these orders' kept views yet.
 */
const growChunk = async (client: pg.Client, firstBorrower: number, borrowers: number, productId: number) => {
  await client.query('BEGIN');
  try {
    await client.query('SET LOCAL session_replication_role = replica');
    await client.query(
      `WITH product AS (SELECT pricing FROM products WHERE id = $3),
       grown AS (
         INSERT INTO borrowers (market, phone, name, monthly_salary_minor)
         SELECT 'IN', '+917' || lpad(n::text, 9, '0'), 'Scale borrower ' || n, 3000000
         FROM generate_series($1::integer, $1::integer + $2::integer - 1) AS n
         RETURNING id
       ),
       loans AS (
         SELECT g.id AS borrower_id, k,
                CASE WHEN k < $4 THEN 'closed' WHEN g.id % 5 < 2 THEN 'overdue' ELSE 'current' END AS state
         FROM grown g CROSS JOIN generate_series(1, $4::integer) AS k
       )
       INSERT INTO orders (order_no, borrower_id, product_id, market, principal_minor, term_days, pricing,
                           applied_at, decision, decided_at, disbursed_at, due_date, closed_on, is_show)
       SELECT 'SCALE' || l.borrower_id || '-' || l.k, l.borrower_id, $3, 'IN', 2000000, 91, product.pricing,
              start, 'approved', start, start, (start + interval '91 days')::date,
              CASE WHEN l.state = 'closed' THEN (start + interval '89 days')::date END, 1
       FROM loans l CROSS JOIN product
       CROSS JOIN LATERAL (
         SELECT CASE l.state
                  WHEN 'closed' THEN now() - make_interval(days => 100 * ($4 - l.k) + 120)
                  WHEN 'overdue' THEN now() - interval '100 days'
                  ELSE now() - interval '30 days'
                END AS start
       ) AS started`,
      [firstBorrower, borrowers, productId, LOANS_PER_BORROWER],
    );
    const grownOrders = `SELECT o.id, o.due_date, o.closed_on, o.disbursed_at FROM orders o
      JOIN borrowers b ON b.id = o.borrower_id
      WHERE b.phone BETWEEN '+917' || lpad($1::text, 9, '0') AND '+917' || lpad(($1::integer + $2::integer - 1)::text, 9, '0')`;
    await client.query(
      `INSERT INTO order_periods (order_id, period_no, due_date, principal_minor, interest_minor, fee_minor)
       SELECT id, 1, due_date, 2000000, 91000, 60000 FROM (${grownOrders}) AS o`,
      [firstBorrower, borrowers],
    );
    await client.query(
      `INSERT INTO ledger_entries (order_id, kind, amount_minor, idempotency_key, business_date)
       SELECT id, 'disbursement', 2000000, 'scale-disbursement:' || id, disbursed_at::date FROM (${grownOrders}) AS o
       UNION ALL
       SELECT id, 'repayment', 2151000, 'scale-repayment:' || id, closed_on FROM (${grownOrders}) AS o WHERE closed_on IS NOT NULL`,
      [firstBorrower, borrowers],
    );
    // the position the ledger module writes beside a disbursement (decision 235): one period, nothing paid yet
    await client.query(
      `INSERT INTO loan_positions (order_id, principal_owed_minor, owed_minor, oldest_due, ledger_through)
       SELECT id, 2000000, 2151000, due_date, 0 FROM (${grownOrders}) AS o WHERE closed_on IS NULL`,
      [firstBorrower, borrowers],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
};

/**
 * Adds borrowers and loans until the database holds at least `target` orders; then VACUUM (ANALYZE):
 * a year's database has been vacuumed by autovacuum, so its index-only scans read no table pages
 * (the dashboard's open loans, issue 31); a freshly bulk-loaded one has not been yet. Then a
 * CHECKPOINT, as a database at rest has written its pages.
 */
export const growOrders = async (url: string, target: number): Promise<Growth> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = process.hrtime.bigint();
  try {
    const before = await countOrders(client);
    const product = await client.query<{ id: string }>(`SELECT id FROM products WHERE market = 'IN' ORDER BY id LIMIT 1`);
    if (!product.rows[0]) throw new Error('no India product to grow orders on: the server seeds them at boot');
    const productId = Number(product.rows[0].id);
    // a run grown before continues numbering after the borrowers it added
    const grownAlready = Number(
      (await client.query<{ n: string }>(`SELECT count(*) AS n FROM borrowers WHERE name LIKE 'Scale borrower %'`)).rows[0]!.n,
    );
    let next = grownAlready + 1;
    let missing = Math.ceil(Math.max(0, target - before) / LOANS_PER_BORROWER);
    while (missing > 0) {
      const chunk = Math.min(missing, BORROWERS_PER_CHUNK);
      await growChunk(client, next, chunk, productId);
      next += chunk;
      missing -= chunk;
    }
    await client.query(`VACUUM (ANALYZE) ${GROWING_TABLES.join(', ')}`);
    // the load's dirty pages written now, not by the checkpointer during the measured calls (decision 172); a role
    // that may not checkpoint leaves it to PostgreSQL
    await client.query('CHECKPOINT').catch(() => undefined);
    const total = await countOrders(client);
    return { added: total - before, total, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
  } finally {
    await client.end();
  }
};

export type ScanCounts = Record<(typeof GROWING_TABLES)[number], { seq: number; idx: number }>;

/**
 * How often each growing table was read whole (seq) or through an index since the server started.
 * Statistics reach the view when a backend goes idle; the caller waits a moment after its load.
 */
export const scanCounts = async (url: string): Promise<ScanCounts> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query<{ relname: string; seq_scan: string; idx_scan: string | null }>(
      'SELECT relname, seq_scan, idx_scan FROM pg_stat_user_tables WHERE relname = ANY($1)',
      [GROWING_TABLES],
    );
    const counts = Object.fromEntries(GROWING_TABLES.map((table) => [table, { seq: 0, idx: 0 }])) as ScanCounts;
    for (const row of rows.rows) {
      counts[row.relname as keyof ScanCounts] = { seq: Number(row.seq_scan), idx: Number(row.idx_scan ?? 0) };
    }
    return counts;
  } finally {
    await client.end();
  }
};

export interface PlannedStatement {
  call: string;
  statement: string;
  /** the growing tables the plan reads whole; none is what scales */
  wholeTableReads: string[];
  plan: string[];
}

export interface BorrowerSession {
  sessionId: string;
  market: string;
  deviceId: string;
}

/**
 * Every statement the named calls send, each put through EXPLAIN with the values it was sent with.
 * The calls run once each in an app of this process on the same database (a new app, so nothing
 * is answered from a kept view), for the borrower's session and order.
 */
export const explainCalls = async (
  url: string,
  session: BorrowerSession,
  calls: readonly { name: keyof typeof Endpoints; fields: Record<string, string> }[],
): Promise<PlannedStatement[]> => {
  const config = benchConfig();
  const database = await openDatabase({ url });
  const app = await buildApp({ config, database, clock: systemClock, defaultMetrics: false });
  await app.ready();
  const explainer = new pg.Client({ connectionString: url });
  await explainer.connect();
  const sent: { call: string; text: string; values: unknown[] }[] = [];
  const query = pg.Client.prototype.query;
  let current = '';
  try {
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [first, second] = args as [unknown, unknown];
      const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
      const values = (Array.isArray(second) ? second : (first as { values?: unknown[] } | null)?.values) ?? [];
      if (this !== explainer && text && /^\s*(select|with|insert|update|delete)\b/i.test(text)) sent.push({ call: current, text, values });
      return (query as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    for (const { name, fields } of calls) {
      current = name;
      const endpoint = Endpoints[name];
      const search = new URLSearchParams({ market: session.market, deviceId: session.deviceId });
      const response = await app.inject({
        method: endpoint.method,
        url: `${API_PREFIX}${endpoint.path}?${search}`,
        headers: { authorization: `Bearer ${session.sessionId}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
      });
      if (response.statusCode !== 200) throw new Error(`${name} answered HTTP ${response.statusCode} while its statements were recorded`);
    }
  } finally {
    pg.Client.prototype.query = query;
  }
  try {
    const planned: PlannedStatement[] = [];
    const seen = new Set<string>();
    for (const { call, text, values } of sent) {
      const key = `${call}\u0000${text}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // EXPLAIN plans a write without running it
      const plan = (await explainer.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, values)).rows.map((row) => row['QUERY PLAN']);
      const wholeTableReads = GROWING_TABLES.filter((table) => plan.some((line) => new RegExp(`Seq Scan on ${table}\\b`).test(line)));
      planned.push({ call, statement: text.replace(/\s+/g, ' ').trim(), wholeTableReads, plan });
    }
    return planned;
  } finally {
    await explainer.end();
    await app.close();
    await database.close();
  }
};

/**
 * The dashboard-summary job run once on the grown database, as production runs it every 15 minutes
 * (decision 166): the grown year of closed days summarised and the open book counted, so that the
 * console's dashboard is measured as it answers in production. Answers the job's result and seconds.
 */
export const summariseDashboardAt = async (url: string): Promise<{ result: SummaryRun; seconds: number }> => {
  const database = await openDatabase({ url });
  try {
    const started = performance.now();
    const result = await summariseDashboard(database.db, systemClock);
    return { result, seconds: (performance.now() - started) / 1000 };
  } finally {
    await database.close();
  }
};

/** What the collections rows of the scale bench start from (issue 52): the grown database's overdue orders and its collectors' room. */
export interface CollectionsAtScale {
  overdueOrders: number;
  collectors: number;
  capacity: number;
}

/**
 * Readies the grown database for the collections rows (issue 52): each India collector may hold
 * `capacity` cases, so the daily run allocates a working collector's queue of thousands (the demo
 * seeds two collectors a market at 200). Answers the overdue orders the daily run will classify.
 */
export const prepareCollectionsAt = async (url: string, capacity: number): Promise<CollectionsAtScale> => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const updated = await client.query(`UPDATE collectors SET capacity = $1 WHERE market = 'IN' AND active`, [capacity]);
    const overdue = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM orders o
       WHERE o.market = 'IN' AND o.closed_on IS NULL AND o.disbursed_at IS NOT NULL
         AND EXISTS (SELECT 1 FROM order_periods p WHERE p.order_id = o.id AND p.due_date < current_date)`,
    );
    return { overdueOrders: Number(overdue.rows[0]!.n), collectors: updated.rowCount ?? 0, capacity };
  } finally {
    await client.end();
  }
};
