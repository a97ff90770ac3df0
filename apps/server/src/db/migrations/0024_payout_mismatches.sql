-- The daily payout reconciliation (issue 28 item 5, decision 140): what the ledger's disbursements
-- and reversals of a business day and the gateway's statement of that day do not agree on, kept for
-- operators (and counted in /metrics while unresolved). A rerun of the same day records nothing
-- twice: one row per gateway, day, kind, movement and payout.
CREATE TABLE payout_mismatches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  gateway text NOT NULL,
  business_date date NOT NULL,
  -- missing_at_gateway: the ledger posted it, the gateway's statement has no such line;
  -- missing_in_ledger: the gateway moved money the ledger has no row of; amount_differs: both, not the same amount
  kind text NOT NULL CHECK (kind IN ('missing_at_gateway', 'missing_in_ledger', 'amount_differs')),
  -- which movement: the payout (ledger 'disbursement') or its return (ledger 'disbursement_reversal')
  movement text NOT NULL CHECK (movement IN ('disbursement', 'disbursement_reversal')),
  gateway_payout_id text,
  reference text,
  ledger_amount_minor bigint,
  gateway_amount_minor bigint,
  found_at timestamptz NOT NULL,
  resolved_at timestamptz
);
CREATE UNIQUE INDEX payout_mismatches_once ON payout_mismatches
  (gateway, business_date, kind, movement, coalesce(gateway_payout_id, ''), coalesce(reference, ''));
CREATE INDEX payout_mismatches_unresolved ON payout_mismatches (market, gateway) WHERE resolved_at IS NULL;
