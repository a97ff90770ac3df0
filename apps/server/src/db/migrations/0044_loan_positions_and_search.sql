-- What each disbursed loan owes, as the ledger's replay says after its latest posting (issue 47
-- defect 6, decision 235): one stored projection written by the ledger module in the transaction of
-- every posting that changes it, and read by the dashboard's open book and lists instead of a second
-- computation over allocation lines. Penalties are not in it: they never change a period's balance
-- nor its due date. Loans posted before this migration get theirs from the dashboard-summary job.
CREATE TABLE loan_positions (
  order_id bigint PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
  -- principal of every period still owed, and fee + interest + principal still owed (penalties aside)
  principal_owed_minor bigint NOT NULL,
  owed_minor bigint NOT NULL,
  -- the due date in force of the oldest period still owing; null when every period is paid or the payout was reversed
  oldest_due date,
  -- the newest ledger row the replay read
  ledger_through bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The console's search (issue 47 defect 8, decision 236): an order number typed in any case, and a
-- phone's last four digits, each through its own index.
CREATE INDEX orders_order_no_upper_idx ON orders (upper(order_no));
CREATE INDEX borrowers_phone_last4_idx ON borrowers (right(phone, 4), id);

-- Money received on a written-off loan posts as a recovery (issue 47, decision 238): not a repayment
-- (nothing is owed) nor an overpayment (it is not the borrower's to get back).
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries
  ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('disbursement', 'disbursement_reversal', 'repayment', 'penalty',
    'extension_fee', 'interest_waiver', 'cost_waiver', 'penalty_waiver', 'write_off', 'refund', 'refund_reversal',
    'reversal', 'settlement_waiver', 'coupon_discount', 'recovery'));

-- The audit log's action filter lists every action the log holds, and filters by it (issue 47 item 10).
CREATE INDEX audit_log_action_idx ON audit_log (action);
