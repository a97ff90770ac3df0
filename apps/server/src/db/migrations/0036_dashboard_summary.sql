-- The console's dashboard at a million orders (issue 31 item 4, decision 166): the figures of each
-- market's closed business days, kept by the dashboard-summary job, and its open book by days past
-- due as of the job's last run. The ledger's posting path writes neither.

-- one row per market and closed business date: the day's ledger amounts and payout failures and
-- reversals (their counts and amounts), and the highest ledger and payout-change ids the figures saw:
-- a row posted later to that day (an id above them) makes the dashboard read that day live again
CREATE TABLE dashboard_days (
  market text NOT NULL,
  business_date date NOT NULL,
  disbursed_count integer NOT NULL,
  disbursed_minor bigint NOT NULL,
  repaid_count integer NOT NULL,
  repaid_minor bigint NOT NULL,
  penalties_accrued_count integer NOT NULL,
  penalties_accrued_minor bigint NOT NULL,
  penalties_waived_count integer NOT NULL,
  penalties_waived_minor bigint NOT NULL,
  payouts_failed_count integer NOT NULL,
  payouts_failed_minor bigint NOT NULL,
  payouts_reversed_count integer NOT NULL,
  payouts_reversed_minor bigint NOT NULL,
  ledger_through bigint NOT NULL,
  payout_changes_through bigint NOT NULL,
  summarised_at timestamptz NOT NULL,
  PRIMARY KEY (market, business_date)
);

-- each market's open loans by days-past-due bucket, as the job last counted them
CREATE TABLE dashboard_open_book (
  market text PRIMARY KEY,
  -- the market's business date the buckets were counted on, and when
  business_date date NOT NULL,
  as_of timestamptz NOT NULL,
  -- [{ "bucket": "current" | "1-30" | "31-90" | "91+", "loans": n, "principalMinor": n }]
  buckets jsonb NOT NULL
);

