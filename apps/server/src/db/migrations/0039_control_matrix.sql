-- The control matrix (issue 47, decision 232): per market and action, how much may move without a
-- second person, summed per order per business day and per operator per business day (not per
-- request). A market and action without a row takes the configured defaults; every change is audited.
CREATE TABLE money_controls (
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  action text NOT NULL CHECK (action IN ('penalty_waiver', 'write_off', 'offline_repayment')),
  order_day_minor bigint NOT NULL CHECK (order_day_minor >= 0),
  operator_day_minor bigint NOT NULL CHECK (operator_day_minor >= 0),
  updated_by bigint NOT NULL REFERENCES operators (id),
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (market, action)
);

-- what an operator and an order moved today without a checker is summed on every request
CREATE INDEX order_approvals_requester_idx ON order_approvals (requested_by, requested_at);

-- Reversals (decision 233) wait for a second person in the order approvals, the row to reverse in `details`.
ALTER TABLE order_approvals DROP CONSTRAINT order_approvals_kind_check;
ALTER TABLE order_approvals
  ADD CONSTRAINT order_approvals_kind_check CHECK (kind IN ('penalty_waiver', 'write_off', 'refund', 'offline_repayment', 'reversal'));
