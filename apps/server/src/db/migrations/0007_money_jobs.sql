-- Money that is right every day (issue 12): the ledger learns the interest waived by a prepayment,
-- orders keep the client kind their penalties were priced with, and jobs run from a schedule in
-- the database so that several instances run each job once.

ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries
  ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('disbursement', 'repayment', 'penalty', 'extension_fee', 'interest_waiver'));
-- the replay reads an order's rows in time order
DROP INDEX ledger_entries_order_idx;
CREATE INDEX ledger_entries_order_idx ON ledger_entries (order_id, business_date, id);

-- India's flat late fee depends on the client kind when the borrower applied (spec §9)
ALTER TABLE orders ADD COLUMN is_repeat_client boolean NOT NULL DEFAULT false;
UPDATE orders SET is_repeat_client = borrowers.is_repeat_client FROM borrowers WHERE borrowers.id = orders.borrower_id;
-- the business date the order was paid off; the accrual job skips closed orders
ALTER TABLE orders ADD COLUMN closed_on date;
CREATE INDEX orders_open_idx ON orders (id) WHERE closed_on IS NULL AND disbursed_at IS NOT NULL;

-- One row per job: an instance claims a due job by moving locked_until forward in one statement,
-- so however many instances tick, one runs it; a crashed runner's lease simply expires.
CREATE TABLE job_schedule (
  name text PRIMARY KEY,
  next_run_at timestamptz NOT NULL,
  locked_until timestamptz,
  locked_by text,
  last_run_at timestamptz,
  last_result jsonb NOT NULL DEFAULT '{}'::jsonb
);
