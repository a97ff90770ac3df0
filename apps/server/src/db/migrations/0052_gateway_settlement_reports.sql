-- Each gateway's settlement report against the ledger's payments (issue 47, decision 276): an uploaded
-- report (Razorpay's settlement recon, Xendit's transactions report) and one line per payment it
-- settled, matched to our payment and the ledger's rows of it, or queued as a difference until an
-- operator resolves it with a note. A payment the ledger holds and no report settled is queued too.
CREATE TABLE gateway_settlement_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  gateway text NOT NULL,
  format text NOT NULL,
  file_name text NOT NULL,
  lines integer NOT NULL,
  uploaded_by bigint NOT NULL REFERENCES operators (id),
  uploaded_at timestamptz NOT NULL
);

CREATE TABLE gateway_settlement_lines (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  -- null for a payment of the ledger no report settled (status missing_at_gateway)
  report_id bigint REFERENCES gateway_settlement_reports (id),
  line_no integer,
  market text NOT NULL CHECK (market IN ('IN', 'ID')),
  gateway text NOT NULL,
  -- the gateway's id of the line (Razorpay entity_id, Xendit's Reference), or our payment's for missing_at_gateway
  gateway_ref text NOT NULL,
  settlement_ref text NOT NULL DEFAULT '',
  -- what the gateway says it took (gross), its fee and tax on the fee; null for missing_at_gateway
  amount_minor bigint CHECK (amount_minor > 0),
  fee_minor bigint NOT NULL DEFAULT 0 CHECK (fee_minor >= 0),
  tax_minor bigint NOT NULL DEFAULT 0 CHECK (tax_minor >= 0),
  payment_id bigint REFERENCES payments (id),
  -- what the ledger's live rows of that payment add up to
  ledger_minor bigint,
  ledger_date date,
  status text NOT NULL CHECK (status IN ('matched', 'missing_in_ledger', 'amount_differs', 'missing_at_gateway')),
  resolution_note text,
  resolved_by bigint REFERENCES operators (id),
  resolved_at timestamptz,
  CHECK ((status = 'missing_at_gateway') = (report_id IS NULL)),
  CHECK ((resolution_note IS NULL) = (resolved_at IS NULL))
);
-- a line of a gateway is read once however often its report is uploaded
CREATE UNIQUE INDEX gateway_settlement_lines_ref ON gateway_settlement_lines (gateway, gateway_ref);
-- one payment is settled (or missed) once
CREATE UNIQUE INDEX gateway_settlement_lines_payment ON gateway_settlement_lines (payment_id) WHERE payment_id IS NOT NULL;
CREATE INDEX gateway_settlement_lines_queue ON gateway_settlement_lines (market, status) WHERE resolved_at IS NULL;
