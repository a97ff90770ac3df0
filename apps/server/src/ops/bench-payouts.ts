/**
 * `npm run bench -- payouts`: the payout job for 10,000 approved orders on PostgreSQL (issue 28's
 * done-when; decision 135: one claim statement per batch of 200, not a query per order). In a schema
 * of its own, dropped afterwards: `count` Indian borrowers, each with a valid sandbox account ending
 * 1234 (the sandbox pays it at once) and one approved order whose first payout is queued and due.
 * The real app is built over that schema (jobs off) and the payout job is run until no payout is
 * queued; every SQL statement the app's pool sends meanwhile is counted (transaction control
 * included), so "not a query per order" is a number.
 */
import { Market } from '@kilat/contract';
import pg from 'pg';
import { buildApp } from '../app.js';
import { migrate } from '../db/migrate.js';
import { openScratchSchema } from '../db/scratch-schema.js';
import { movableClock } from '../lending/clock.js';
import { StandardPricing } from '../lending/standard-pricing.js';
import { seedReferenceData } from '../modules/dev/seed/demo.js';
import { PAYOUT_BATCH, PAYOUT_JOB } from '../modules/payouts/service.js';
import { benchConfig } from './bench-app.js';

export interface PayoutsBench {
  orders: number;
  /** runs of the payout job until none was queued */
  runs: number;
  /** claim statements that claimed rows (batches of at most PAYOUT_BATCH) */
  batches: number;
  processed: number;
  disbursements: number;
  statements: number;
  seconds: number;
}

/** Runs of the job at most: one run claims up to 100 batches, so 10,000 orders need one. */
const MAX_RUNS = 10;

export const benchPayouts = async (url: string, orderCount = 10_000): Promise<PayoutsBench> => {
  const { database, schema, dispose } = await openScratchSchema(url, 'kilat_bench');
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    const clock = movableClock(new Date());
    // the bench's orders have no extension: only the payout job runs
    const pricing = JSON.stringify({ ...StandardPricing[Market.India], extension: null });
    const setup = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await setup.connect();
    try {
      await setup.query(
        `INSERT INTO borrowers (market, phone, name)
         SELECT 'IN', '+919' || lpad(n::text, 9, '0'), 'Bench Borrower ' || n FROM generate_series(1, $1::integer) AS n`,
        [orderCount],
      );
      const product = await setup.query<{ id: string }>(
        `INSERT INTO products (market, code, name, amount_min_minor, amount_max_minor, amount_step_minor, term_days, term_options, pricing)
         VALUES ('IN', 'bench-payouts', 'Bench payouts', 200000, 8000000, 50000, 91, ARRAY[91], $1::jsonb) RETURNING id`,
        [pricing],
      );
      await setup.query(
        `INSERT INTO orders (order_no, borrower_id, product_id, market, principal_minor, term_days, pricing, applied_at, decision, decided_at)
         SELECT 'BENCHP' || b.id, b.id, $1::bigint, 'IN', 2000000, 91, $2::jsonb, $3::timestamptz - interval '1 hour', 'approved',
                $3::timestamptz - interval '1 hour'
         FROM borrowers b WHERE b.name LIKE 'Bench Borrower %'`,
        [product.rows[0]!.id, pricing, clock.now()],
      );
      await setup.query(
        `INSERT INTO disbursal_accounts (borrower_id, market, kind, channel_code, bank_name, holder_name, last4, gateway, validation_status, validated_at)
         SELECT b.id, 'IN', 'bank', 'HDFC0001234', 'HDFC Bank', b.name, '1234', 'sandbox', 'valid', $1::timestamptz
         FROM borrowers b WHERE b.name LIKE 'Bench Borrower %'`,
        [clock.now()],
      );
      // the approvals' outbox: attempt 1 of each order, its key stored, due since the decision showed
      await setup.query(
        `INSERT INTO payouts (public_id, order_id, borrower_id, disbursal_account_id, market, gateway, attempt, amount_minor, idempotency_key, status, next_try_at)
         SELECT o.order_no || '-1', o.id, o.borrower_id, a.id, 'IN', 'sandbox', 1, o.principal_minor, gen_random_uuid()::text, 'queued',
                $1::timestamptz - interval '1 minute'
         FROM orders o JOIN disbursal_accounts a ON a.borrower_id = o.borrower_id AND a.replaced_at IS NULL
         WHERE o.order_no LIKE 'BENCHP%'`,
        [clock.now()],
      );
      await setup.query('ANALYZE');
    } finally {
      await setup.end();
    }

    // the sandbox gateways and the jobs off: the bench runs the payout job itself
    const config = benchConfig();
    const app = await buildApp({ config, database, clock, defaultMetrics: false });
    await app.ready();
    // the bench's own reads go through a client of their own, which the count leaves out
    const probe = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await probe.connect();
    const count = async (text: string) => Number((await probe.query<{ n: string }>(text)).rows[0]!.n);
    // every statement the app's pool sends while the job runs (pg's Client.query is what the pool calls)
    const query = pg.Client.prototype.query;
    let statements = 0;
    let runs = 0;
    let batches = 0;
    let processed = 0;
    let seconds = 0;
    try {
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        if (this !== probe) statements += 1;
        return (query as (...rest: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      const started = process.hrtime.bigint();
      while (runs < MAX_RUNS) {
        runs += 1;
        const run = await app.jobs.runNow(PAYOUT_JOB);
        const result = (run?.result ?? {}) as { claimed?: number; processed?: number };
        batches += Math.ceil((result.claimed ?? 0) / PAYOUT_BATCH);
        processed += result.processed ?? 0;
        if ((await count(`SELECT count(*) AS n FROM payouts WHERE status = 'queued'`)) === 0) break;
      }
      seconds = Number(process.hrtime.bigint() - started) / 1e9;
    } finally {
      pg.Client.prototype.query = query;
    }
    const disbursements = await count(
      `SELECT count(*) AS n FROM ledger_entries l JOIN orders o ON o.id = l.order_id WHERE l.kind = 'disbursement' AND o.order_no LIKE 'BENCHP%'`,
    );
    await probe.end();
    await app.close();
    return { orders: orderCount, runs, batches, processed, disbursements, statements, seconds };
  } finally {
    await dispose();
  }
};
