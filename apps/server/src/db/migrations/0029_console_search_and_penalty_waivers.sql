-- The console's search and borrower pages (issue 31 item 1, decision 156): a borrower by a name's
-- first letters, by a card's or a disbursal account's last four, the SMS sent to their phone, and the
-- webhook events and payouts of an order. Phone and order number already have their unique indexes;
-- a borrower's cards are found by their (borrower_id, fingerprint) key.
CREATE INDEX borrowers_name_prefix_idx ON borrowers (lower(name) text_pattern_ops, id);
CREATE INDEX bank_cards_last4_idx ON bank_cards (last4);
CREATE INDEX disbursal_accounts_last4_idx ON disbursal_accounts (last4);
CREATE INDEX disbursal_accounts_borrower_idx ON disbursal_accounts (borrower_id);
CREATE INDEX payouts_order_idx ON payouts (order_id, attempt);
CREATE INDEX sms_outbox_phone_idx ON sms_outbox (phone, created_at DESC);
CREATE INDEX webhook_events_gateway_ref_idx ON webhook_events (gateway_ref) WHERE gateway_ref IS NOT NULL;

-- Penalty waivers (issue 31 item 2, decision 157): asked by one operator with a reason; above the
-- configured amount another operator approves, never the one who asked; approved, the ledger
-- module posts a penalty_waiver row.
ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_kind_check;
ALTER TABLE ledger_entries
  ADD CONSTRAINT ledger_entries_kind_check CHECK (kind IN ('disbursement', 'disbursement_reversal', 'repayment', 'penalty',
    'extension_fee', 'interest_waiver', 'cost_waiver', 'penalty_waiver'));

CREATE TABLE penalty_waivers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  order_id bigint NOT NULL REFERENCES orders (id),
  amount_minor bigint NOT NULL CHECK (amount_minor > 0),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 3 AND 500),
  status text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  requested_by bigint NOT NULL REFERENCES operators (id),
  decided_by bigint REFERENCES operators (id),
  requested_at timestamptz NOT NULL,
  decided_at timestamptz,
  -- the maker never checks their own
  CONSTRAINT penalty_waivers_four_eyes CHECK (decided_by IS NULL OR decided_by <> requested_by)
);
CREATE INDEX penalty_waivers_order_idx ON penalty_waivers (order_id, requested_at);
