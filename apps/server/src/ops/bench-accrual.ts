/**
 * `npm run bench`: the daily penalty accrual for 100,000 overdue orders on PostgreSQL (DESIGN §8:
 * under 60 s here, set-based per batch). In a schema of its own, dropped afterwards: 100,000 Indian
 * orders 9 days overdue whose first 8 days are posted; the run posts day 9 for each. With
 * `currentOrders`, that many more open orders not yet due sit beside them (issue 33: 100,000 overdue
 * among 1,000,000 open), which the run must pass over without reading them.
 */
import { Market } from '@kilat/contract';
import pg from 'pg';
import { migrate } from '../db/migrate.js';
import { openScratchSchema } from '../db/scratch-schema.js';
import { movableClock } from '../lending/clock.js';
import { StandardPricing } from '../lending/standard-pricing.js';
import { runPenaltyAccrual } from '../modules/loans/penalty-accrual.js';

export interface AccrualBench {
  /** open orders in the database, overdue or not */
  openOrders: number;
  orders: number;
  penaltiesPosted: number;
  seconds: number;
}

export const benchAccrual = async (url: string, orderCount = 100_000, currentOrders = 0): Promise<AccrualBench> => {
  const { database, schema, dispose } = await openScratchSchema(url, 'kilat_bench');
  try {
    await migrate(database);
    const clock = movableClock(new Date());
    const today = clock.today(Market.India);
    // the bench's orders have no extension: only the accrual runs
    const pricing = JSON.stringify({ ...StandardPricing[Market.India], extension: null });
    const setup = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await setup.connect();
    try {
      await setup.query(`INSERT INTO borrowers (market, phone) VALUES ('IN', '9000000000')`);
      await setup.query(
        `INSERT INTO products (market, code, name, amount_min_minor, amount_max_minor, amount_step_minor, term_days, term_options, pricing)
         VALUES ('IN', 'bench', 'Bench', 200000, 8000000, 50000, 91, ARRAY[91], $1::jsonb)`,
        [pricing],
      );
      await setup.query(
        `INSERT INTO orders (order_no, borrower_id, product_id, market, principal_minor, term_days, pricing, applied_at, decision, decided_at, disbursed_at, due_date)
         SELECT 'BENCH' || n, 1, 1, 'IN', 2000000, 91, $1::jsonb, now() - interval '101 days', 'approved', now() - interval '100 days', now() - interval '100 days', $2::date - 9
         FROM generate_series(1, $3::integer) AS n`,
        [pricing, today, orderCount],
      );
      // open and not yet due: disbursed 30 days ago, due in 61 days
      await setup.query(
        `INSERT INTO orders (order_no, borrower_id, product_id, market, principal_minor, term_days, pricing, applied_at, decision, decided_at, disbursed_at, due_date)
         SELECT 'CURRENT' || n, 1, 1, 'IN', 2000000, 91, $1::jsonb, now() - interval '31 days', 'approved', now() - interval '30 days', now() - interval '30 days', $2::date + 61
         FROM generate_series(1, $3::integer) AS n`,
        [pricing, today, currentOrders],
      );
      await setup.query(
        `INSERT INTO order_periods (order_id, period_no, due_date, principal_minor, interest_minor, fee_minor)
         SELECT id, 1, due_date, principal_minor, 91000, 60000 FROM orders`,
      );
      await setup.query(
        `INSERT INTO ledger_entries (order_id, kind, amount_minor, idempotency_key, business_date)
         SELECT id, 'disbursement', principal_minor, 'disbursement:' || id, due_date - 91 FROM orders`,
      );
      // days 1..8 already posted, as yesterday's run left them
      await setup.query(
        `INSERT INTO ledger_entries (order_id, kind, amount_minor, idempotency_key, business_date)
         SELECT o.id, 'penalty', CASE WHEN d = 1 THEN 180000 ELSE 100000 END, 'penalty:' || o.id || ':' || (o.due_date + d), o.due_date + d
         FROM orders o CROSS JOIN generate_series(1, 8) AS d WHERE o.order_no LIKE 'BENCH%'`,
      );
      await setup.query('ANALYZE');
    } finally {
      await setup.end();
    }
    const started = process.hrtime.bigint();
    const result = await runPenaltyAccrual(database.db, clock);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { openOrders: orderCount + currentOrders, orders: result.orders, penaltiesPosted: result.penalties, seconds };
  } finally {
    await dispose();
  }
};
