-- The console's order actions (issue 31 item 2, decisions 163 and 164): a write-off of what an
-- order owes, an offline repayment against a bank reference, a refund of an overpayment paid out
-- to the borrower's account, and a resend of a due reminder.

-- Three movements of money join the ledger: a write-off takes what is owed off the order; a refund
-- pays an overpayment back (posted when the gateway confirms it); a refund the bank returned puts
-- it back. An offline repayment is a 'repayment' row like any other, keyed by its bank reference.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries
  ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('disbursement', 'disbursement_reversal', 'repayment', 'penalty',
    'extension_fee', 'interest_waiver', 'cost_waiver', 'penalty_waiver', 'write_off', 'refund', 'refund_reversal'));

-- One maker-checker machinery for every order action that needs a second operator: the waivers'
-- table (migration 0029) takes a kind and a name that says so. Its four-eyes CHECK stays.
ALTER TABLE penalty_waivers RENAME TO order_approvals;
ALTER INDEX penalty_waivers_order_idx RENAME TO order_approvals_order_idx;
ALTER TABLE order_approvals ADD COLUMN kind text NOT NULL DEFAULT 'penalty_waiver'
  CHECK (kind IN ('penalty_waiver', 'write_off', 'refund'));
ALTER TABLE order_approvals ALTER COLUMN kind DROP DEFAULT;

-- A refund's payout: the payout pipeline's shape (an outbox row written when the refund is
-- approved, its idempotency key stored before any call, claimed by the payout job with a lease),
-- kept apart from the disbursal attempts so that nothing reading an order's disbursal meets it.
CREATE TABLE refund_payouts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- our reference, the gateway's reference_id: RF<approval id>
  public_id text NOT NULL UNIQUE,
  approval_id bigint NOT NULL UNIQUE REFERENCES order_approvals (id),
  order_id bigint NOT NULL REFERENCES orders (id),
  borrower_id bigint NOT NULL,
  disbursal_account_id bigint NOT NULL REFERENCES disbursal_accounts (id),
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  gateway text NOT NULL,
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'processing', 'processed', 'failed', 'cancelled', 'reversed')),
  gateway_payout_id text,
  utr text,
  failure_code text,
  failure_reason text,
  tries integer NOT NULL DEFAULT 0,
  claimed_until timestamptz,
  next_try_at timestamptz NOT NULL DEFAULT now(),
  processed_on date,
  reversed_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX refund_payouts_gateway_id ON refund_payouts (gateway, gateway_payout_id) WHERE gateway_payout_id IS NOT NULL;
CREATE INDEX refund_payouts_due ON refund_payouts (next_try_at, id) WHERE status IN ('queued', 'processing');
CREATE INDEX refund_payouts_order_idx ON refund_payouts (order_id);
