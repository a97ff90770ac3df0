-- Money under control (issue 47, decisions 230–232).

-- One bank credit repays one loan: every offline repayment claims its bank reference on the market's
-- collection account it landed in, and the database holds one live claim per market, account and
-- reference (normalised upper-case by the contract). A claim is released only by a reversal or a
-- rejected request, so the credit may then be recorded on the right loan.
CREATE TABLE bank_credit_claims (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  bank_account text NOT NULL,
  bank_reference text NOT NULL,
  order_id bigint NOT NULL REFERENCES orders (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  received_on date NOT NULL,
  -- the repayment's ledger row once posted; the approval while a second person has still to decide
  ledger_entry_id bigint REFERENCES ledger_entries (id),
  approval_id bigint REFERENCES order_approvals (id),
  claimed_by bigint NOT NULL REFERENCES operators (id),
  claimed_at timestamptz NOT NULL,
  released_at timestamptz
);
CREATE UNIQUE INDEX bank_credit_claims_live ON bank_credit_claims (market, bank_account, bank_reference) WHERE released_at IS NULL;
CREATE INDEX bank_credit_claims_order_idx ON bank_credit_claims (order_id);

-- the offline repayments recorded before: each claims its reference on the market's default account
-- ('MAIN'), the first one of a reference keeping it
INSERT INTO bank_credit_claims (market, bank_account, bank_reference, order_id, amount_minor, received_on, ledger_entry_id,
  claimed_by, claimed_at)
SELECT o.market, 'MAIN', l.meta ->> 'bankReference', l.order_id, l.amount_minor,
  coalesce((l.meta ->> 'receivedOn')::date, l.business_date), l.id, (l.meta ->> 'operatorId')::bigint, l.created_at
FROM ledger_entries l JOIN orders o ON o.id = l.order_id
WHERE l.kind = 'repayment' AND l.meta ->> 'method' = 'offline' AND l.meta ? 'bankReference' AND l.meta ? 'operatorId'
ORDER BY l.id
ON CONFLICT DO NOTHING;

-- A large offline repayment waits for a second person like a large waiver: the order approvals take
-- it, with what it will post (reference, account, value date) in `details`.
ALTER TABLE order_approvals DROP CONSTRAINT order_approvals_kind_check;
ALTER TABLE order_approvals
  ADD CONSTRAINT order_approvals_kind_check CHECK (kind IN ('penalty_waiver', 'write_off', 'refund', 'offline_repayment'));
ALTER TABLE order_approvals ADD COLUMN details jsonb NOT NULL DEFAULT '{}';

-- A posted row is undone by a reversal row naming it (meta.reverses), never edited or deleted: the
-- value-dated repayment's restated penalties (decision 231) and the reversals of decision 233.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries
  ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('disbursement', 'disbursement_reversal', 'repayment', 'penalty',
    'extension_fee', 'interest_waiver', 'cost_waiver', 'penalty_waiver', 'write_off', 'refund', 'refund_reversal', 'reversal'));
